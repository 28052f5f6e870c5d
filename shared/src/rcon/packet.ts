/**
 * RCON packet codec (Source RCON as Minecraft implements it).
 * In: a request id, a packet type and a payload. Out: the wire bytes
 * `int32le length, int32le id, int32le type, payload, 0, 0`, and back.
 * `length` counts everything after itself, so it is at least 10 (empty payload).
 */

export const PacketType = {
  /** Server -> client: a piece of a command's answer. */
  RESPONSE: 0,
  /** Client -> server: run a command. */
  COMMAND: 2,
  /** Server -> client: answer to LOGIN; id -1 means a wrong password. */
  AUTH_RESPONSE: 2,
  /** Client -> server: log in with the password. */
  LOGIN: 3,
  /** Any type the server does not know; it answers "Unknown request c8" with the probe's id. */
  PROBE: 200,
} as const;

/** The id the server puts on an AUTH_RESPONSE when the password is wrong. */
export const AUTH_FAILED_ID = -1;

/**
 * The server reads a packet with ONE read of at most 1460 bytes (MC-87863): 1460 minus the
 * 14 bytes of framing leaves 1446 bytes of payload.
 */
export const MAX_REQUEST_PAYLOAD_BYTES = 1446;

/** Bytes after the length field with an empty payload: id, type and the two NULs. */
export const MIN_PACKET_LENGTH = 10;

export interface RconPacket {
  id: number;
  type: number;
  payload: Buffer;
}

/** Encodes one packet into a single Buffer (it must go out in ONE socket write). */
export function encodePacket(id: number, type: number, payload: string | Buffer): Buffer {
  const body = typeof payload === "string" ? Buffer.from(payload, "utf8") : payload;
  const packet = Buffer.alloc(4 + MIN_PACKET_LENGTH + body.length);
  packet.writeInt32LE(MIN_PACKET_LENGTH + body.length, 0);
  packet.writeInt32LE(id, 4);
  packet.writeInt32LE(type, 8);
  body.copy(packet, 12);
  // the two trailing NULs are already zero from Buffer.alloc
  return packet;
}

/**
 * Decodes the bytes that follow the length field (`frame.length` = the length field).
 * The payload is copied so it does not pin the socket's read buffer.
 */
export function decodeFrame(frame: Buffer): RconPacket {
  return {
    id: frame.readInt32LE(0),
    type: frame.readInt32LE(4),
    payload: Buffer.from(frame.subarray(8, frame.length - 2)),
  };
}

/** Decodes one complete packet from the start of `bytes`, or undefined when more bytes are needed. */
export function decodePacket(bytes: Buffer): { packet: RconPacket; size: number } | undefined {
  if (bytes.length < 4) return undefined;
  const length = bytes.readInt32LE(0);
  if (bytes.length < 4 + length) return undefined;
  return { packet: decodeFrame(bytes.subarray(4, 4 + length)), size: 4 + length };
}
