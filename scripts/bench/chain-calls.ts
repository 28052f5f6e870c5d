/**
 * Tool-call measurements of the whole chain. In: a running stack (devserver + bridge + MCP over HTTP).
 * Out: latency samples of the read `get_online_players` three ways — a direct RCON `mcpbridge` call,
 * a BullMQ job added straight to the queue (no MCP), and an MCP tool call through the queue — and
 * sustained calls/s with N concurrent MCP sessions for a fixed time.
 */

import {
  commandQueueName,
  jobOptions,
  makeRequest,
  queuePrefix,
  signJob,
  toAsciiJson,
} from "@mcp-bridge/shared";
import { RconClient } from "@mcp-bridge/shared/rcon";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Queue, QueueEvents } from "bullmq";
import { Redis } from "ioredis";
import type { Stack } from "../../shared/testing/stack.js";

const READ_TOOL = "get_online_players";

export interface Samples {
  latencies: number[];
  errors: number;
  firstError?: string;
}

/** Ends an MCP session the way a well-behaved client does (HTTP: DELETE), then closes the client (stdio: the process ends). */
export async function endSession(client: Client): Promise<void> {
  const transport = client.transport as Partial<StreamableHTTPClientTransport> | undefined;
  if (typeof transport?.terminateSession === "function")
    await transport.terminateSession().catch(() => undefined);
  await client.close().catch(() => undefined);
}

function note(s: Samples, error: unknown): void {
  s.errors++;
  s.firstError ??= error instanceof Error ? error.message : String(error);
}

/** `mcpbridge <get_online_players request>` over one RCON connection, one at a time. */
export async function directRcon(stack: Stack, count: number): Promise<Samples> {
  const rcon = new RconClient({
    host: "127.0.0.1",
    port: stack.devserver.rconPort,
    password: stack.devserver.password,
    reconnect: { attempts: 0 },
  });
  await rcon.connect();
  const out: Samples = { latencies: [], errors: 0 };
  try {
    for (let i = 0; i < count; i++) {
      const command = `mcpbridge ${toAsciiJson(makeRequest(READ_TOOL, {}))}`;
      const t = performance.now();
      try {
        const reply = await rcon.command(command, { timeoutMs: 5000 });
        out.latencies.push(performance.now() - t);
        if (!reply.includes('"success":true')) note(out, new Error(`mod answered: ${reply.slice(0, 200)}`));
      } catch (error) {
        note(out, error);
      }
    }
  } finally {
    await rcon.close();
  }
  return out;
}

/** A signed job added to `commands-<serverId>`, waited for through QueueEvents (what the MCP server does). */
export async function queueOnly(stack: Stack, count: number): Promise<Samples> {
  const connection = new Redis(stack.redisUrl, { maxRetriesPerRequest: null });
  const name = commandQueueName(stack.serverId);
  const queue = new Queue(name, { connection, prefix: queuePrefix(stack.prefix, stack.serverId) });
  const events = new QueueEvents(name, {
    connection: connection.duplicate(),
    prefix: queuePrefix(stack.prefix, stack.serverId),
  });
  const out: Samples = { latencies: [], errors: 0 };
  const waiting = new Map<string, (ok: boolean) => void>();
  events.on("completed", ({ jobId }) => waiting.get(jobId)?.(true));
  events.on("failed", ({ jobId, failedReason }) => {
    if (waiting.has(jobId)) out.firstError ??= failedReason;
    waiting.get(jobId)?.(false);
  });
  try {
    await events.waitUntilReady();
    for (let i = 0; i < count; i++) {
      const envelope = makeRequest(READ_TOOL, {});
      const client = { id: "e2e-admin", role: "admin" };
      const data = signJob({ serverId: stack.serverId, envelope, client }, stack.jobSecret);
      const t = performance.now();
      const done = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 10_000);
        waiting.set(envelope.id, (ok) => {
          clearTimeout(timer);
          resolve(ok);
        });
      });
      await queue.add(READ_TOOL, data, jobOptions(envelope.id));
      const ok = await done;
      waiting.delete(envelope.id);
      if (ok) out.latencies.push(performance.now() - t);
      else note(out, new Error(out.firstError ?? `job ${envelope.id} did not complete within 10 s`));
    }
  } finally {
    await events.close();
    await queue.close();
    await connection.quit();
  }
  return out;
}

/** One MCP session calling the read tool `count` times, one at a time. */
export async function mcpSequential(client: Client, count: number): Promise<Samples> {
  const out: Samples = { latencies: [], errors: 0 };
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    try {
      const result = await client.callTool({ name: READ_TOOL, arguments: {} });
      if (result.isError) note(out, new Error(JSON.stringify(result.content).slice(0, 300)));
      else out.latencies.push(performance.now() - t);
    } catch (error) {
      note(out, error);
    }
  }
  return out;
}

export interface Throughput extends Samples {
  clients: number;
  seconds: number;
  ok: number;
  /** Calls completed during warm-up + window + tail (for CPU cost per call). */
  completed: number;
  callsPerSecond: number;
}

/**
 * The read mix: "identical", every call `get_online_players` (concurrent ones share a job in ours:
 * single-flight); "distinct", every call `get_world_info` of another 3x3x3 cube (no two alike).
 */
export type Mix = "identical" | "distinct";
let distinct = 0;
const callOf = (mix: Mix) =>
  mix === "identical"
    ? { name: READ_TOOL, arguments: {} }
    : { name: "get_world_info", arguments: { x: distinct++ % 20_000, y: 64, z: 0, radius: 1 } };

/**
 * `clients` sessions call the read tool back to back for warmupMs + seconds; only calls that start
 * after the warm-up and end before the deadline count. Bounded by time and by maxCallsPerClient.
 */
export async function sustained(
  sessions: Client[],
  seconds: number,
  warmupMs: number,
  maxCallsPerClient = 1_000_000,
  mix: Mix = "identical",
): Promise<Throughput> {
  const out: Throughput = {
    clients: sessions.length,
    seconds,
    ok: 0,
    callsPerSecond: 0,
    completed: 0,
    latencies: [],
    errors: 0,
  };
  const begin = performance.now() + warmupMs;
  const end = begin + seconds * 1000;
  await Promise.all(
    sessions.map(async (client) => {
      for (let i = 0; i < maxCallsPerClient && performance.now() < end; i++) {
        const t = performance.now();
        let failure: unknown;
        try {
          const result = await client.callTool(callOf(mix));
          if (result.isError) failure = new Error(JSON.stringify(result.content).slice(0, 300));
        } catch (error) {
          failure = error;
        }
        const done = performance.now();
        out.completed++;
        if (t < begin || done > end) continue;
        if (failure) note(out, failure);
        else {
          out.ok++;
          out.latencies.push(done - t);
        }
      }
    }),
  );
  out.callsPerSecond = out.ok / seconds;
  return out;
}
