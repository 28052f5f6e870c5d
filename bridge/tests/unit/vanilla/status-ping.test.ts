import net from "node:net";
import { BridgeError } from "@mcp-bridge/shared";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { readVarInt, statusPing, writeVarInt } from "../../../src/vanilla/status-ping.js";

const servers: net.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

function frame(...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  return Buffer.concat([writeVarInt(body.length), body]);
}

/** A status-only game port: checks the handshake, answers the JSON split in tiny chunks. */
async function fakeStatusServer(json: string, seen: { nextState?: number } = {}): Promise<number> {
  const server = net.createServer((socket) => {
    let received = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const length = readVarInt(received, 0);
      if (!length || received.length < length.size + length.value + 2) return; // handshake + request
      const body = received.subarray(length.size);
      seen.nextState = body[length.value - 1];
      const text = Buffer.from(json, "utf8");
      const answer = frame(writeVarInt(0), writeVarInt(text.length), text);
      for (let i = 0; i < answer.length; i += 7) socket.write(answer.subarray(i, i + 7));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as net.AddressInfo).port;
}

describe("statusPing", () => {
  it("VarInts round-trip", () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), (n) => {
        const bytes = writeVarInt(n);
        expect(readVarInt(bytes, 0)).toEqual({ value: n, size: bytes.length });
      }),
      { numRuns: 200 },
    );
  });

  it("reads version and player counts from the status JSON", async () => {
    const seen: { nextState?: number } = {};
    const port = await fakeStatusServer(
      JSON.stringify({
        version: { name: "1.21.1", protocol: 767 },
        players: { max: 20, online: 3 },
        description: "§aé",
      }),
      seen,
    );
    expect(await statusPing("127.0.0.1", port)).toEqual({ version: "1.21.1", online: 3, max: 20 });
    expect(seen.nextState).toBe(1);
  });

  it("fails with SERVER_ERROR on a non-status answer and CONNECTION_ERROR when nobody listens", async () => {
    const port = await fakeStatusServer("not json");
    const bad = await statusPing("127.0.0.1", port).catch((e: unknown) => e);
    expect((bad as BridgeError).code).toBe("SERVER_ERROR");
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const freePort = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const down = await statusPing("127.0.0.1", freePort, 1000).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(BridgeError);
    expect((down as BridgeError).code).toBe("CONNECTION_ERROR");
  });
});
