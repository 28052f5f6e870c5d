/**
 * coalesceWrites: the writes of one event-loop turn reach the stream's sink as one call (what is
 * one writev system call on a socket), in order, with the stream's own backpressure and callbacks.
 * The sink is a Writable whose _write/_writev complete at once and record each call, so without
 * coalescing every write would be its own call.
 */
import { connect, createServer, type Socket } from "node:net";
import { Writable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { coalesceWrites } from "../../src/coalesce-writes.js";

function sink(highWaterMark = 16 * 1024) {
  const calls: string[][] = [];
  const stream = new Writable({
    highWaterMark,
    write(chunk: Buffer, _enc, done) {
      calls.push([chunk.toString()]);
      done();
    },
    writev(chunks, done) {
      calls.push(chunks.map((c) => (c.chunk as Buffer).toString()));
      done();
    },
  });
  return { stream, calls };
}

const turn = () => new Promise((r) => setImmediate(r));

describe("coalesceWrites", () => {
  it("turns the writes of one turn into one call, in order (one call per write without it)", async () => {
    const plain = sink();
    for (let i = 0; i < 50; i++) plain.stream.write(`m${i}\n`);
    expect(plain.calls).toHaveLength(50);

    const { stream, calls } = sink();
    coalesceWrites(stream);
    for (let i = 0; i < 50; i++) stream.write(`m${i}\n`);
    expect(calls).toHaveLength(0); // nothing went out during the turn
    await turn();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.join("")).toBe(Array.from({ length: 50 }, (_, i) => `m${i}\n`).join(""));
  });

  it("delivers every write of any sequence of turns exactly once and in order", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.string({ minLength: 1, maxLength: 20 }), { maxLength: 12 }), { maxLength: 8 }),
        async (turns) => {
          const { stream, calls } = sink(64);
          coalesceWrites(coalesceWrites(stream)); // idempotent
          let callbacks = 0;
          for (const writes of turns) {
            for (const w of writes) stream.write(w, () => callbacks++);
            await turn();
          }
          const nonEmpty = turns.filter((t) => t.length > 0);
          expect(calls).toHaveLength(nonEmpty.length);
          expect(calls.flat().join("")).toBe(turns.flat().join(""));
          expect(callbacks).toBe(turns.flat().length);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("keeps backpressure: write() says false past the high-water mark and 'drain' follows the flush", async () => {
    const { stream, calls } = sink(10);
    coalesceWrites(stream);
    expect(stream.write("12345")).toBe(true);
    expect(stream.write("67890abc")).toBe(false);
    const drained = new Promise((r) => stream.once("drain", r));
    await drained;
    expect(calls).toEqual([["12345", "67890abc"]]);
  });

  it("does not fail when the stream is destroyed before its turn ends, and end() flushes at once", async () => {
    const a = sink();
    coalesceWrites(a.stream);
    a.stream.write("x");
    a.stream.on("error", () => undefined);
    a.stream.destroy();
    await turn();

    const b = sink();
    coalesceWrites(b.stream);
    b.stream.write("last");
    b.stream.end("!");
    expect(b.calls.flat().join("")).toBe("last!");
    await turn();
    expect(b.calls.flat().join("")).toBe("last!");
  });

  it("over a real socket: everything written in one turn arrives, in order", async () => {
    let received = "";
    const server = createServer((s) => s.on("data", (d) => (received += d.toString())));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as { port: number }).port;
    const client: Socket = await new Promise((r) => {
      const c = connect(port, "127.0.0.1", () => r(c));
    });
    coalesceWrites(client);
    const expected = Array.from({ length: 500 }, (_, i) => `{"event":${i}}\n`).join("");
    for (let i = 0; i < 500; i++) client.write(`{"event":${i}}\n`);
    for (let i = 0; i < 100 && received.length < expected.length; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(received).toBe(expected);
    client.destroy();
    await new Promise((r) => server.close(r));
  });
});
