/**
 * A fleet (docs/deployment.md, "Fleet"): three real bridge processes share twelve servers (light
 * RCON peers that answer `mcpbridge` like the mod, with its idempotency cache) through one servers
 * file. Jobs flow the whole time. Bridges join one by one and the servers spread 4/4/4 (the first
 * hands servers over as the others join); one bridge is killed and its servers are served by the
 * survivors within 2 x the lease TTL, spread 6/6; every job completes, each request runs exactly once
 * on its server, and no server ever sees two connections at once.
 */
import type { ChildProcess } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { redisKeys } from "@mcp-bridge/shared";
import type { Job } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { until } from "../../../../shared/testing/processes.js";
import { childEnv, kill, startChild, writeServersFile } from "../../../testing/bridge-processes.js";
import { ModPeer } from "../../../testing/mod-peer.js";
import { testConfig } from "../../../testing/test-config.js";
import { Producer } from "../jobs/producer.js";

const SERVERS = 12;
const TTL_MS = 2_000;
const ids = Array.from({ length: SERVERS }, (_, i) => `f${i}`);

describe("a fleet of three bridges over twelve servers", () => {
  const procs: ChildProcess[] = [];
  const peers = ids.map(() => new ModPeer());
  afterAll(async () => {
    for (const p of procs) p.kill("SIGKILL");
    await Promise.all(peers.map((p) => p.server.close()));
  });

  it("spreads the leases evenly, hands a killed bridge's servers to the survivors within 2 x TTL, runs every job once", async () => {
    const ports = await Promise.all(peers.map((p) => p.server.listen()));
    const config = testConfig(ports[0]!);
    const serversFile = writeServersFile(
      join(tmpdir(), `fleet-${process.pid}-${Date.now()}.json`),
      ids.map((id, i) => ({ id, rconPort: ports[i]! })),
    );
    const env = (owner: string): NodeJS.ProcessEnv =>
      childEnv(config, owner, {
        BRIDGE_SERVERS_FILE: serversFile,
        LEASE_TTL_MS: String(TTL_MS),
        RCON_RECONNECT_BASE_MS: "50",
        RCON_RECONNECT_MAX_MS: "200",
        LOG_LEVEL: process.env.CHILD_LOG_LEVEL ?? "silent",
      });
    const redis = new Redis(config.redisUrl);
    const producers = ids.map((id) => new Producer(config, id));
    await Promise.all(producers.map((p) => p.ready()));
    const owners = async () =>
      Promise.all(
        ids.map(async (id) => (await redis.get(redisKeys(config.redisPrefix).lease(id)))?.split(":")[0]),
      );
    const spread = async (names: string[], each: number) => {
      const held = await owners();
      return names.every((n) => held.filter((o) => o === n).length === each) && held;
    };

    const jobs: Job[] = [];
    let flowing = true;
    const flow = (async () => {
      for (let n = 0; flowing; n++) {
        jobs.push(await producers[n % SERVERS]!.add("execute_command", { command: `say ${n}` }));
        await new Promise((r) => setTimeout(r, 15));
      }
    })();
    try {
      for (const name of ["b0", "b1", "b2"]) procs.push(await startChild(env(name)));
      await until(() => spread(["b0", "b1", "b2"], 4), "the servers to spread 4/4/4", 30_000, 10);

      const before = await owners();
      const orphans = ids.filter((_, i) => before[i] === "b1");
      const killedAt = Date.now();
      await kill(procs[1]!);
      const takeoverMs = new Map<string, number>();
      await until(
        async () => {
          const now = await owners();
          for (const id of orphans) {
            const owner = now[ids.indexOf(id)];
            if (!takeoverMs.has(id) && owner && owner !== "b1") takeoverMs.set(id, Date.now() - killedAt);
          }
          return takeoverMs.size === orphans.length;
        },
        "the survivors to take the killed bridge's servers",
        4 * TTL_MS,
        10,
      );
      expect(Math.max(...takeoverMs.values())).toBeLessThanOrEqual(2 * TTL_MS);
      await until(() => spread(["b0", "b2"], 6), "the servers to spread 6/6 over the survivors", 30_000, 10);

      flowing = false;
      await flow;
      const results = await Promise.all(
        jobs.map((job, i) => producers[i % SERVERS]!.finished(job, 60_000) as Promise<{ success: boolean }>),
      );
      expect(results.every((r) => r.success)).toBe(true);
      // The job id is the request id the peer counts (the bridge's own hello checks are not jobs).
      const runs = jobs.map((job) => peers.reduce((sum, p) => sum + (p.executions.get(job.id!) ?? 0), 0));
      expect(runs.filter((n) => n !== 1)).toEqual([]);
      for (const peer of peers) {
        expect(peer.server.peakConnections).toBe(1);
        expect(peer.server.violations).toEqual([]);
      }
    } finally {
      flowing = false;
      await flow;
      await Promise.all(producers.map((p) => p.close()));
      await redis.quit();
    }
  }, 180_000);
});
