/**
 * Server List Ping (the status protocol every Java server speaks on its game port since 1.7).
 * In: host and port. Sends a handshake (next state = status) and a status request; reads one
 * VarInt-framed status response holding JSON. Out: {version, online, max}, or a BridgeError:
 * CONNECTION_ERROR (unreachable / timeout) or SERVER_ERROR (an answer that is not a status).
 */
import net from "node:net";
import { BridgeError } from "@mcp-bridge/shared";

export interface ServerStatus {
  version: string;
  online: number;
  max: number;
}

/** A status carries a favicon of a few KB at most; anything far larger is not a status. */
const MAX_RESPONSE_BYTES = 1024 * 1024;
/** "-1" asks for the status without claiming a protocol version (wiki.vg: Server List Ping). */
const ANY_PROTOCOL = -1;

export function writeVarInt(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value >>> 0;
  do {
    let byte = rest & 0x7f;
    rest >>>= 7;
    if (rest !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest !== 0);
  return Buffer.from(bytes);
}

/** Reads a VarInt at `offset`; undefined when more bytes are needed. Throws on a VarInt over 5 bytes. */
export function readVarInt(bytes: Buffer, offset: number): { value: number; size: number } | undefined {
  let value = 0;
  for (let i = 0; i < 5; i++) {
    if (offset + i >= bytes.length) return undefined;
    const byte = bytes[offset + i]!;
    value |= (byte & 0x7f) << (7 * i);
    if ((byte & 0x80) === 0) return { value, size: i + 1 };
  }
  throw new BridgeError(
    "SERVER_ERROR",
    "status answer has a VarInt longer than 5 bytes: not a Minecraft server?",
  );
}

function frame(...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  return Buffer.concat([writeVarInt(body.length), body]);
}

function mcString(text: string): Buffer {
  const bytes = Buffer.from(text, "utf8");
  return Buffer.concat([writeVarInt(bytes.length), bytes]);
}

function encodeStatusRequest(host: string, port: number): Buffer {
  const portBytes = Buffer.alloc(2);
  portBytes.writeUInt16BE(port, 0);
  const handshake = frame(
    writeVarInt(0),
    writeVarInt(ANY_PROTOCOL),
    mcString(host),
    portBytes,
    writeVarInt(1),
  );
  return Buffer.concat([handshake, frame(writeVarInt(0))]);
}

/** Parses one whole status frame from `bytes`; undefined when more bytes are needed. */
function decodeStatusResponse(bytes: Buffer): ServerStatus | undefined {
  const length = readVarInt(bytes, 0);
  if (!length) return undefined;
  if (length.value > MAX_RESPONSE_BYTES) {
    throw new BridgeError(
      "SERVER_ERROR",
      `status answer of ${length.value} bytes is too large to be a status`,
    );
  }
  if (bytes.length < length.size + length.value) return undefined;
  const body = bytes.subarray(length.size, length.size + length.value);
  const id = readVarInt(body, 0);
  const textLength = id && readVarInt(body, id.size);
  if (id?.value !== 0 || !textLength) {
    throw new BridgeError("SERVER_ERROR", "status answer is not a status response packet (id 0)");
  }
  const start = id.size + textLength.size;
  const json = body.subarray(start, start + textLength.value).toString("utf8");
  let status: { version?: { name?: unknown }; players?: { online?: unknown; max?: unknown } };
  try {
    status = JSON.parse(json);
  } catch {
    throw new BridgeError("SERVER_ERROR", `status answer is not JSON: ${json.slice(0, 120)}`);
  }
  const { version, players } = status ?? {};
  if (
    typeof version?.name !== "string" ||
    typeof players?.online !== "number" ||
    typeof players.max !== "number"
  ) {
    throw new BridgeError(
      "SERVER_ERROR",
      `status JSON lacks version.name or players.online/max: ${json.slice(0, 200)}`,
    );
  }
  return { version: version.name, online: players.online, max: players.max };
}

export function statusPing(host: string, port: number, timeoutMs = 5_000): Promise<ServerStatus> {
  const where = `${host}:${port}`;
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    let received = Buffer.alloc(0);
    const finish = (error: BridgeError | undefined, status?: ServerStatus) => {
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(status!);
    };
    const timer = setTimeout(
      () =>
        finish(
          new BridgeError("CONNECTION_ERROR", `status ping to ${where}: no answer within ${timeoutMs} ms`),
        ),
      timeoutMs,
    );
    socket.on("connect", () => socket.write(encodeStatusRequest(host, port)));
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      try {
        const status = decodeStatusResponse(received);
        if (status) finish(undefined, status);
      } catch (error) {
        finish(BridgeError.from(error));
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) =>
      finish(
        new BridgeError(
          "CONNECTION_ERROR",
          `status ping to ${where}: ${error.code ?? error.message}; check the server port`,
          {
            cause: error,
          },
        ),
      ),
    );
    socket.on("close", () =>
      finish(new BridgeError("CONNECTION_ERROR", `status ping to ${where}: closed before a status arrived`)),
    );
  });
}
