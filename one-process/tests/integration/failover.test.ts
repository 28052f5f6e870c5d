/**
 * The one process keeps the bridge's lease and failover: a standby bridge process (the bridge
 * tests' failover child) waits while the one process holds server s1; when the one process is
 * killed (SIGKILL, as a crash) with writes active on its worker, the standby takes the server over,
 * finishes those writes without running any twice, and runs what is queued after.
 */
import type { ChildProcess } from "node:child_process";
import { Job, QueueEvents } from "bullmq";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { kill, startChild } from "../../../bridge/testing/bridge-processes.js";
import { testConfig } from "../../../bridge/testing/test-config.js";
import { Producer } from "../../../bridge/tests/integration/jobs/producer.js";
import { connectHttpClient } from "../../../shared/testing/mcp-http-client.js";
import { until } from "../../../shared/testing/processes.js";
import { Setup, TOKEN } from "./support.js";

describe("one process and a standby bridge", () => {
  let setup: Setup;
  let standby: ChildProcess | undefined;
  beforeEach(async () => {
    setup = new Setup();
    await setup.listen();
  });
  afterEach(async () => {
    if (standby) await kill(standby);
    await setup.close();
  });

  it("killing the one process hands its server to the standby; active and queued writes run once each", async () => {
    const { proc, mcpUrl } = await setup.startOneProcess("one");
    standby = await startChild({ ...process.env, ...setup.env("standby", { LOG_LEVEL: "silent" }) });
    expect(await setup.redis.get(setup.leaseKey)).toMatch(/^one:/);
    expect(setup.peer.server.connections).toBe(1);

    // Writes sent through the one process's MCP server are active on its worker; the first reached
    // the game and its answer is held (one request in flight on the one RCON connection).
    const client = await connectHttpClient(mcpUrl, TOKEN);
    setup.peer.hold((command) => command.includes("execute_command"));
    const calls = Array.from({ length: 5 }, (_, i) =>
      client
        .callTool({ name: "execute_command", arguments: { command: `say active ${i}` } })
        .catch(() => "lost"),
    );
    const active = await setup.active(5);
    await proc.kill();
    setup.peer.release();
    await client.close();
    expect(await Promise.all(calls)).toEqual(Array(5).fill("lost"));

    let queued: Job[] = [];
    const producer = new Producer(testConfig(1, { REDIS_PREFIX: setup.prefix }));
    const events = new QueueEvents(setup.queue.name, {
      connection: setup.redis.duplicate({ maxRetriesPerRequest: null }),
      prefix: setup.queue.opts.prefix,
    });
    try {
      await producer.ready();
      await events.waitUntilReady();
      queued = await Promise.all(
        Array.from({ length: 10 }, (_, i) => producer.add("execute_command", { command: `say queued ${i}` })),
      );
      const finished = await Promise.all([
        ...active.map(async (id) => (await Job.fromId(setup.queue, id))!.waitUntilFinished(events, 30_000)),
        ...queued.map((job) => producer.finished(job, 30_000)),
      ]);
      expect(finished.every((r) => (r as { success: boolean }).success)).toBe(true);
    } finally {
      await events.close();
      await producer.close();
    }
    await until(
      async () => /^standby:/.test((await setup.redis.get(setup.leaseKey)) ?? ""),
      "the standby's lease",
    );
    const writes = [...active, ...queued.map((job) => job.id!)];
    expect(writes.map((id) => setup.peer.executions.get(id))).toEqual(Array(15).fill(1));
    expect(setup.peer.server.connections).toBe(2);
  });
});
