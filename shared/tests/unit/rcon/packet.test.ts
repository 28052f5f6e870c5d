import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodePacket, encodePacket, MIN_PACKET_LENGTH } from "../../../src/rcon/packet.js";

const packetArb = fc.record({
  id: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
  type: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
  payload: fc.uint8Array({ maxLength: 5000 }).map((bytes) => Buffer.from(bytes)),
});

describe("RCON packet codec", () => {
  it("lays a packet out as length, id, type, payload, 0, 0 (little endian)", () => {
    const bytes = encodePacket(7, 2, "list");
    expect([...bytes]).toEqual([14, 0, 0, 0, 7, 0, 0, 0, 2, 0, 0, 0, 108, 105, 115, 116, 0, 0]);
  });

  it("encodes an empty payload as the minimum length 10", () => {
    expect(encodePacket(-1, 2, "").readInt32LE(0)).toBe(MIN_PACKET_LENGTH);
  });

  it("round-trips any id, type and payload bytes", () => {
    fc.assert(
      fc.property(packetArb, (packet) => {
        const bytes = encodePacket(packet.id, packet.type, packet.payload);
        const decoded = decodePacket(bytes);
        expect(decoded?.size).toBe(bytes.length);
        expect(decoded?.packet).toEqual(packet);
      }),
      { numRuns: 200 },
    );
  });

  it("needs more bytes for any strict prefix of a packet", () => {
    fc.assert(
      fc.property(packetArb, fc.nat(), (packet, cut) => {
        const bytes = encodePacket(packet.id, packet.type, packet.payload);
        expect(decodePacket(bytes.subarray(0, cut % bytes.length))).toBeUndefined();
      }),
      { numRuns: 100 },
    );
  });
});
