import { BridgeError } from "@mcp-bridge/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodePacket, type RconPacket } from "../../../src/rcon/packet.js";
import { PacketReader } from "../../../src/rcon/reader.js";

const packetArb = fc.record({
  id: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
  type: fc.constantFrom(0, 2, 3, 200),
  payload: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
});

/** Cuts `bytes` at the given positions (any order, duplicates allowed) into chunks. */
function chunk(bytes: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    chunks.push(bytes.subarray(start, point));
    start = point;
  }
  return chunks;
}

describe("PacketReader", () => {
  it("yields the same packets for any chunking of any packet sequence", () => {
    fc.assert(
      fc.property(
        fc.array(packetArb, { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        (packets, cuts) => {
          const stream = Buffer.concat(packets.map((p) => encodePacket(p.id, p.type, p.payload)));
          const reader = new PacketReader();
          const out: RconPacket[] = [];
          for (const piece of chunk(stream, cuts)) out.push(...reader.push(piece));
          expect(out).toEqual(packets);
          expect(reader.pendingBytes).toBe(0);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("handles one byte at a time", () => {
    const stream = Buffer.concat([encodePacket(1, 0, "héllo"), encodePacket(2, 0, "")]);
    const reader = new PacketReader();
    const out = [...stream].flatMap((byte) => reader.push(Buffer.from([byte])));
    expect(out.map((p) => [p.id, p.payload.toString()])).toEqual([
      [1, "héllo"],
      [2, ""],
    ]);
  });

  it("refuses a length that cannot be a packet with CONNECTION_ERROR", () => {
    for (const length of [-5, 0, 9, 2 ** 30]) {
      const bytes = Buffer.alloc(4);
      bytes.writeInt32LE(length, 0);
      const reader = new PacketReader();
      expect(() => reader.push(bytes)).toThrowError(BridgeError);
      try {
        new PacketReader().push(bytes);
      } catch (error) {
        expect((error as BridgeError).code).toBe("CONNECTION_ERROR");
      }
    }
  });
});
