import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { redisKeys } from "@mcp-bridge/shared";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import type { BridgeConfig } from "../../../src/config.js";
import { ModPeer, Producer, testConfig } from "../jobs/harness.js";

const child = fileURLToPath(new URL("./bridge-child.ts", import.meta.url));
const tsconfig = fileURLToPath(new URL("../../../tsconfig.json", import.meta.url));

function envOf(config: BridgeConfig, port: number, owner: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    REDIS_URL: config.redisUrl,
    REDIS_PREFIX: config.redisPrefix,
    JOB_SECRET: config.jobSecret,
    POLICY_FILE: config.policyFile,
    MC_SERVER_ID: "s1",
    MC_RCON_HOST: "127.0.0.1",
    MC_RCON_PORT: String(port),
    MC_RCON_PASSWORD: config.servers[0]!.rconPassword,
    MC_EVENTS_TOKEN: config.servers[0]!.eventsToken,
    LEASE_TTL_MS: "1000",
    LOG_LEVEL: "silent",
    OWNER_NAME: owner,
  };
}

async function startChild(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ["--import", "tsx", child], {
    env: { ...env, TSX_TSCONFIG_PATH: tsconfig },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.on("data", (d: Buffer) => d.toString().includes("started") && resolve());
    proc.once("exit", (code) => reject(new Error(`bridge child exited with ${code}`)));
  });
  return proc;
}

describe("two bridge processes", () => {
  const procs: ChildProcess[] = [];
  afterEach(() => {
    for (const p of procs) p.kill("SIGKILL");
  });

  it("only the lease owner talks to the server; killing it hands the server over and queued jobs complete", async () => {
    const peer = new ModPeer();
    const port = await peer.server.listen();
    const config = testConfig(port);
    const producer = new Producer(config);
    await producer.ready();
    const redis = new Redis(config.redisUrl);
    const leaseKey = redisKeys(config.redisPrefix).lease("s1");
    try {
      procs.push(await startChild(envOf(config, port, "first")));
      const first = await producer.add("get_online_players", {});
      await producer.finished(first);
      procs.push(await startChild(envOf(config, port, "second")));
      expect(await redis.get(leaseKey)).toMatch(/^first:/);
      expect(peer.server.connections).toBe(1);

      procs[0]!.kill("SIGKILL");
      const killedAt = Date.now();
      const queued = await Promise.all(
        Array.from({ length: 20 }, (_, i) => producer.add("execute_command", { command: `say ${i}` })),
      );
      const results = await Promise.all(queued.map((job) => producer.finished(job, 30_000)));
      const takeoverMs = Date.now() - killedAt;
      expect(results.every((r) => (r as { success: boolean }).success)).toBe(true);
      expect(await redis.get(leaseKey)).toMatch(/^second:/);
      expect(takeoverMs).toBeLessThan(5_000);
      expect(peer.server.connections).toBe(2);
      expect([...peer.executions.values()].every((n) => n === 1)).toBe(true);
    } finally {
      await producer.close();
      await redis.quit();
      await peer.server.close();
    }
  });
});
