/**
 * A JobClient closed (its process shutting down) while a call is still adding its job: the call
 * fails with CONNECTION_ERROR, and nothing is left as an unhandled rejection (Node's default ends the
 * process on one: the NPC service crashed so at the end of its graceful shutdown). Real Redis and
 * BullMQ behind a TCP relay that this test can hold, so the add is in flight exactly when the client
 * closes.
 */
import { createServer, Socket } from "node:net";
import { createLogger } from "@mcp-bridge/shared";
import { JobClient } from "@mcp-bridge/shared/queue";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { unhandledRejections } from "../../testing/errors.js";
import { until } from "../../testing/processes.js";
import { testRedisUrl, uniquePrefix } from "../../testing/redis.js";

/** A relay to Redis that forwards what the client sends only while not held. */
async function holdableRelay() {
  const target = new URL(testRedisUrl());
  const held: { socket: Socket; chunks: Buffer[] }[] = [];
  let holding = false;
  const sockets: Socket[] = [];
  const server = createServer((client) => {
    const upstream = new Socket().connect(Number(target.port || 6379), target.hostname);
    const pending = { socket: upstream, chunks: [] as Buffer[] };
    held.push(pending);
    sockets.push(client, upstream);
    client.on("data", (chunk) => (holding ? pending.chunks.push(chunk) : upstream.write(chunk)));
    upstream.on("data", (chunk) => client.write(chunk));
    for (const s of [client, upstream]) s.on("error", () => undefined).on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as { port: number }).port}`,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const p of held) for (const chunk of p.chunks.splice(0)) p.socket.write(chunk);
    },
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

describe("JobClient.close with a call still adding its job", () => {
  const unhandled = unhandledRejections();

  it("fails the call with CONNECTION_ERROR and leaves no unhandled rejection", async () => {
    const relay = await holdableRelay();
    const redis = new Redis(relay.url, { maxRetriesPerRequest: 1 });
    const jobs = new JobClient({
      redis,
      prefix: uniquePrefix("jobclose"),
      secret: "job-client-close-secret",
      timeoutMs: 10_000,
      logger: createLogger({ name: "close-test", level: "silent" }),
    });
    try {
      // One call through first: the queue is ready, so the next call goes straight to its add.
      await jobs.run("s1", "get_online_players", {}, { id: "alice", role: "admin" }, 50);
      relay.hold();
      const call = jobs.run("s1", "get_online_players", {}, { id: "alice", role: "admin" });
      const outcome = call.then(
        () => "resolved",
        (error: unknown) => error,
      );
      await until(() => jobs.waiting === 1, "the call waiting for its add");
      await jobs.close();
      await new Promise((r) => setTimeout(r, 50)); // where Node would report an unhandled rejection
      relay.release();
      const error = await outcome;
      expect(error).toMatchObject({ code: "CONNECTION_ERROR" });
      expect(String((error as Error).message)).toMatch(/shutting down/);
      expect(unhandled).toEqual([]);
    } finally {
      redis.disconnect();
      relay.close();
    }
  });
});
