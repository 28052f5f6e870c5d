/**
 * A refused RCON password (MC_RCON_PASSWORD differs from the server's rcon.password): the bridge
 * stops trying, /readyz names AUTH_FAILED with what to fix, and a producer (the MCP server's
 * JobClient) refuses new calls at once with that error instead of queuing jobs that would wait for a
 * restart. A job queued before stays queued (not failed): it runs once the bridge is fixed.
 */
import { createLogger } from "@mcp-bridge/shared";
import { JobClient } from "@mcp-bridge/shared/queue";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { until } from "../../../../shared/testing/processes.js";
import { testRedisUrl } from "../../../../shared/testing/redis.js";
import { createBridge } from "../../../src/bridge.js";
import { ModPeer } from "../../../testing/mod-peer.js";
import { JOB_SECRET, testConfig } from "../../../testing/test-config.js";
import { Producer } from "./producer.js";

describe("a refused RCON password", () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("is named by /readyz and refused by the producer at once; earlier jobs stay queued", async () => {
    const peer = new ModPeer();
    const port = await peer.server.listen();
    cleanups.push(() => peer.server.close().catch(() => undefined));
    const config = testConfig(port, { MC_RCON_PASSWORD: "not-the-password", BRIDGE_PORT: "0" });
    const producer = new Producer(config);
    await producer.ready();
    cleanups.push(() => producer.close());
    const queuedBefore = await producer.add("execute_command", { command: "say before" });

    const bridge = createBridge(config, { probeVersion: async () => "1.21.1" });
    await bridge.start();
    cleanups.push(() => bridge.stop());

    let readyz: { ready: boolean; checks: Record<string, { ok: boolean; detail: string; code?: string }> };
    await until(async () => {
      readyz = (await (await fetch(`${bridge.url}/readyz`)).json()) as typeof readyz;
      return readyz.checks["rcon:s1"]?.code !== undefined;
    }, "/readyz to report the refused password");
    expect(readyz!.ready).toBe(false);
    expect(readyz!.checks["rcon:s1"]).toMatchObject({ ok: false, code: "AUTH_FAILED" });
    expect(readyz!.checks["rcon:s1"]!.detail).toMatch(/refused the password: set MC_RCON_PASSWORD/);

    const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1 });
    cleanups.push(() => redis.quit());
    const jobs = new JobClient({
      redis,
      prefix: config.redisPrefix,
      secret: JOB_SECRET,
      timeoutMs: 30_000,
      logger: createLogger({ name: "refused", level: "silent" }),
    });
    cleanups.push(() => jobs.close());
    const counts = await producer.queue.getJobCounts();
    const started = Date.now();
    const call = jobs.run("s1", "get_online_players", {}, { id: "admin-client", role: "admin" });
    await expect(call).rejects.toMatchObject({
      code: "AUTH_FAILED",
      retryable: false,
      details: { credential: "rcon_password" },
    });
    await expect(call).rejects.toThrow(/refused the password: set MC_RCON_PASSWORD .* restart the bridge/);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await producer.queue.getJobCounts()).toEqual(counts); // nothing was queued
    expect(await queuedBefore.getState()).toBe("waiting"); // and nothing accepted was failed
  });
});
