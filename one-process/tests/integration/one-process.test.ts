/**
 * One process for one host (issue 29 item 4): the MCP server over Streamable HTTP and the bridge in
 * one Node process, and still every call a signed BullMQ job in Redis run by the bridge under its
 * lease. Real Redis, real MCP SDK client over HTTP, the real built entry; the game is the bridge
 * tests' ModPeer.
 */
import { verifyJob } from "@mcp-bridge/shared";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { Job, QueueEvents } from "bullmq";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { JOB_SECRET } from "../../../bridge/testing/test-config.js";
import { connectHttpClient } from "../../../shared/testing/mcp-http-client.js";
import { Setup, TOKEN } from "./support.js";

const JOB_META = "minecraft-mcp/job";

function jobIdOf(result: { _meta?: Record<string, unknown> }): string {
  const meta = result._meta?.[JOB_META] as { jobId?: string } | undefined;
  if (!meta?.jobId) throw new Error(`no job id in ${JSON.stringify(result)}`);
  return meta.jobId;
}

describe("one process: MCP server and bridge together", () => {
  let setup: Setup;
  const clients: Client[] = [];
  beforeEach(async () => {
    setup = new Setup();
    await setup.listen();
  });
  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((c) => c.close()));
    await setup.close();
  });

  it("a call runs as a signed job through Redis on its own worker; a write runs once, even when its job is retried", async () => {
    const { mcpUrl, opsUrl } = await setup.startOneProcess("one");
    expect(await setup.redis.get(setup.leaseKey)).toMatch(/^one:/);
    const client = await connectHttpClient(mcpUrl, TOKEN);
    clients.push(client);

    const players = await client.callTool({ name: "get_online_players", arguments: {} });
    expect(players.structuredContent).toEqual({ players: ["Steve"], online: 1, max: 20 });
    const read = await Job.fromId(setup.queue, jobIdOf(players));
    expect(await read!.getState()).toBe("completed");
    expect(verifyJob(read!.data, JOB_SECRET).client.id).toBe("alice");

    const said = await client.callTool({ name: "execute_command", arguments: { command: "say hi" } });
    expect(said.isError).toBeFalsy();
    expect(said.structuredContent).toEqual({ output: "ran say hi" });
    const writeId = jobIdOf(said);
    expect(setup.peer.executions.get(writeId)).toBe(1);

    // Bull Board's retry button on the completed write: answered from the first run, not run again.
    const events = new QueueEvents(setup.queue.name, {
      connection: setup.redis.duplicate({ maxRetriesPerRequest: null }),
      prefix: setup.queue.opts.prefix,
    });
    try {
      await events.waitUntilReady();
      const write = await Job.fromId(setup.queue, writeId);
      await write!.retry("completed");
      expect(await write!.waitUntilFinished(events, 20_000)).toMatchObject({ success: true, replay: true });
    } finally {
      await events.close();
    }
    expect(setup.peer.executions.get(writeId)).toBe(1);
    expect(setup.peer.server.connections).toBe(1);

    // /readyz and /metrics of the bridge's ops server report both parts (the peer opens no mod
    // event session, so mod:s1 is not ok).
    const ready = (await (await fetch(`${opsUrl}/readyz`)).json()) as { checks: Record<string, unknown> };
    expect(ready.checks).toMatchObject({
      "mod:s1": { ok: false },
      redis: { ok: true },
      "rcon:s1": { ok: true },
      mcp: { ok: true, detail: expect.stringContaining(mcpUrl) },
    });
    const metrics = await (await fetch(`${opsUrl}/metrics`)).text();
    expect(metrics).toMatch(/^mcpbridge_job_outcomes_total\{.*op="execute_command".*\} [1-9]/m);
    expect(metrics).toMatch(/^mcpbridge_mcp_http_serving 1$/m);
    expect(metrics).toMatch(/^mcpbridge_mcp_redis_ready 1$/m);
    expect(metrics).toMatch(/^mcpbridge_mcp_jobs_waiting 0$/m);
    expect(metrics).toMatch(/^process_cpu_seconds_total /m);
  });

  it("SIGTERM closes both parts: an active job finishes, the lease is released, exit 0", async () => {
    const { proc, mcpUrl } = await setup.startOneProcess("one");
    const client = await connectHttpClient(mcpUrl, TOKEN);
    clients.push(client);
    setup.peer.hold((command) => command.includes("execute_command"));
    const call = client
      .callTool({ name: "execute_command", arguments: { command: "say bye" } })
      .catch(() => undefined);
    const [jobId] = await setup.active(1);
    proc.child.kill("SIGTERM");
    setup.peer.release();
    expect(await proc.exited).toBe(0);
    // The SDK client notices a server gone only at its request timeout; closing it ends the call.
    await client.close();
    await call;
    const job = await Job.fromId(setup.queue, jobId!);
    expect(await job!.getState()).toBe("completed");
    expect(setup.peer.executions.get(jobId!)).toBe(1);
    expect(await setup.redis.get(setup.leaseKey)).toBeNull();
    expect(proc.output()).toMatch(/"reason":"SIGTERM".*shutting down/);
    expect(await fetch(mcpUrl).catch(() => "closed")).toBe("closed");
  });
});
