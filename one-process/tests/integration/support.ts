/**
 * The one process under test: the built entry (one-process/dist/main.js, so `npm run -s build`
 * first) as a real child process, in front of the bridge tests' ModPeer (a peer that answers
 * `mcpbridge` like the mod, counting executions per request id), on a private Redis prefix, with a
 * policy whose admin client has a bearer token. The standby bridge of the failover test is the
 * bridge tests' own child (bridge/tests/integration/failover).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readiness } from "@mcp-bridge/bridge";
import { commandQueueName, queuePrefix, redisKeys, sha256Hex } from "@mcp-bridge/shared";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { ModPeer, PASSWORD } from "../../../bridge/testing/mod-peer.js";
import { JOB_SECRET } from "../../../bridge/testing/test-config.js";
import { freePort, type Proc, startNode, until } from "../../../shared/testing/processes.js";
import { testRedisUrl, uniquePrefix } from "../../../shared/testing/redis.js";

export const TOKEN = "one-process-admin-token";

function writePolicy(): string {
  const file = join(mkdtempSync(join(tmpdir(), "one-process-policy-")), "policy.json");
  const policy = {
    roles: { admin: { tools: ["*"], commands: [".*"], players: ["*"], rateLimit: { perMinute: 10_000 } } },
    // "alice" is also the client the bridge tests' Producer signs for.
    clients: [{ id: "alice", role: "admin", tokenSha256: sha256Hex(TOKEN) }],
  };
  writeFileSync(file, JSON.stringify(policy));
  return file;
}

/** One server `s1` behind a ModPeer, shared by every process of a test. */
export class Setup {
  readonly peer = new ModPeer();
  readonly prefix = uniquePrefix("oneproc");
  readonly redis = new Redis(testRedisUrl());
  readonly queue: Queue;
  private rconPort = 0;
  private readonly policyFile = writePolicy();
  private readonly procs: Proc[] = [];

  constructor() {
    this.queue = new Queue(commandQueueName("s1"), {
      connection: this.redis.duplicate({ maxRetriesPerRequest: null }),
      prefix: queuePrefix(this.prefix, "s1"),
    });
  }

  async listen(): Promise<void> {
    this.rconPort = await this.peer.server.listen();
  }

  get leaseKey(): string {
    return redisKeys(this.prefix).lease("s1");
  }

  /** The environment of either process: the bridge's and the MCP server's variables. */
  env(owner: string, extra: Record<string, string> = {}): Record<string, string> {
    return {
      REDIS_URL: testRedisUrl(),
      REDIS_PREFIX: this.prefix,
      JOB_SECRET,
      POLICY_FILE: this.policyFile,
      MC_SERVER_ID: "s1",
      MC_RCON_HOST: "127.0.0.1",
      MC_RCON_PORT: String(this.rconPort),
      MC_RCON_PASSWORD: PASSWORD,
      MC_EVENTS_TOKEN: "events-token-0123456789",
      LEASE_TTL_MS: "1000",
      BRIDGE_NAME: owner,
      OWNER_NAME: owner,
      LOG_LEVEL: process.env.CHILD_LOG_LEVEL ?? "info",
      ...extra,
    };
  }

  /** Starts the one process and waits until its /readyz says the MCP server serves and s1 is connected. */
  async startOneProcess(owner: string): Promise<{ proc: Proc; mcpUrl: string; opsUrl: string }> {
    const [mcpPort, bridgePort] = [await freePort(), await freePort()];
    const env = this.env(owner, {
      MCP_HOST: "127.0.0.1",
      MCP_PORT: String(mcpPort),
      BRIDGE_HOST: "127.0.0.1",
      BRIDGE_PORT: String(bridgePort),
    });
    const proc = startNode(`one-process-${owner}`, "one-process/dist/main.js", [], env);
    this.procs.push(proc);
    const opsUrl = `http://127.0.0.1:${bridgePort}`;
    await until(
      async () => {
        // The peer opens no mod event session, so /readyz stays 503 (mod:s1); both parts must be ok.
        const { checks } = (await (await fetch(`${opsUrl}/readyz`)).json()) as Readiness;
        return proc.child.exitCode === null && checks.mcp?.ok && checks["rcon:s1"]?.ok;
      },
      `the one process serving MCP and s1 (${opsUrl}/readyz)`,
      30_000,
    ).catch((error: Error) => {
      // What the process said by then (the message is made before the wait).
      throw new Error(`${error.message}\nexit code ${proc.child.exitCode}; output:\n${proc.output()}`);
    });
    return { proc, mcpUrl: `http://127.0.0.1:${mcpPort}/mcp`, opsUrl };
  }

  /** The ids of the jobs active on a worker, once `n` are and the first of them reached the peer. */
  async active(n: number): Promise<string[]> {
    let ids: string[] = [];
    await until(async () => {
      ids = (await this.queue.getActive()).map((j) => j.id!);
      return ids.length >= n;
    }, `${n} active jobs`);
    await until(() => ids.some((id) => this.peer.executions.has(id)), "an active job at the peer");
    return ids;
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.procs.map((p) => p.kill()));
    await this.queue.close();
    await this.redis.quit();
    await this.peer.server.close();
  }
}
