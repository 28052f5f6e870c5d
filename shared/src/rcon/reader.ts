/**
 * Length-framed RCON reader.
 * In: TCP chunks as the socket delivers them (a packet may be split over many chunks, and many
 * packets may arrive in one chunk). Out: whole packets, in order. A length field that cannot be a
 * packet throws a CONNECTION_ERROR: the stream is out of step and the connection must be reset.
 */
import { BridgeError } from "../index.js";
import { decodeFrame, MIN_PACKET_LENGTH, type RconPacket } from "./packet.js";

/**
 * Vanilla answers at most 4096 UTF-16 chars per piece (<= 12 KiB as UTF-8) and NeoForge 4096 bytes;
 * anything far above that is a broken stream, not a packet.
 */
const DEFAULT_MAX_PACKET_LENGTH = 1024 * 1024;

export class PacketReader {
  private chunks: Buffer[] = [];
  private buffered = 0;

  constructor(private readonly maxPacketLength = DEFAULT_MAX_PACKET_LENGTH) {}

  /** Bytes received that do not form a whole packet yet. */
  get pendingBytes(): number {
    return this.buffered;
  }

  push(chunk: Buffer): RconPacket[] {
    if (chunk.length > 0) {
      this.chunks.push(chunk);
      this.buffered += chunk.length;
    }
    const packets: RconPacket[] = [];
    for (;;) {
      if (this.buffered < 4) return packets;
      const length = this.peekLength();
      if (length < MIN_PACKET_LENGTH || length > this.maxPacketLength) {
        throw new BridgeError(
          "CONNECTION_ERROR",
          `RCON stream out of step: packet length ${length} is outside ${MIN_PACKET_LENGTH}..${this.maxPacketLength}; the connection must be reset`,
          { details: { length } },
        );
      }
      if (this.buffered < 4 + length) return packets;
      const frame = this.take(4 + length).subarray(4);
      packets.push(decodeFrame(frame));
    }
  }

  private peekLength(): number {
    const first = this.chunks[0]!;
    if (first.length >= 4) return first.readInt32LE(0);
    return this.joinHead(4).readInt32LE(0);
  }

  /** Joins chunks until the first one holds at least `size` bytes, and returns it. */
  private joinHead(size: number): Buffer {
    let first = this.chunks[0]!;
    if (first.length >= size) return first;
    let count = 0;
    let total = 0;
    while (total < size) total += this.chunks[count++]!.length;
    first = Buffer.concat(this.chunks.slice(0, count), total);
    this.chunks.splice(0, count, first);
    return first;
  }

  /** Removes and returns the first `size` bytes (the caller checked they are buffered). */
  private take(size: number): Buffer {
    const first = this.joinHead(size);
    const taken = first.subarray(0, size);
    if (first.length === size) this.chunks.shift();
    else this.chunks[0] = first.subarray(size);
    this.buffered -= size;
    return taken;
  }
}
