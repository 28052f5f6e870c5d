import { BridgeError } from "@mcp-bridge/shared";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Bridge, createBridge } from "../../../src/bridge.js";
import type { BridgeConfig } from "../../../src/config.js";
import { ModPeer } from "../../../testing/mod-peer.js";
import { testConfig } from "../../../testing/test-config.js";
import { Producer } from "./producer.js";

const noVanilla = async () => {
  throw new BridgeError("UNSUPPORTED", "vanilla mode is not under test here");
};

describe("jobs through the queue in mod mode", () => {
  let peer: ModPeer;
  let config: BridgeConfig;
  let bridge: Bridge;
  let producer: Producer;

  beforeEach(async () => {
    peer = new ModPeer({ dropAfterRun: (r) => String(r.payload.args.command).startsWith("give") });
    config = testConfig(await peer.server.listen());
    bridge = createBridge(config, { runVanilla: noVanilla, http: false });
    producer = new Producer(config);
    await producer.ready();
    await bridge.start();
  });

  afterEach(async () => {
    await bridge.stop();
    await producer.close();
    await peer.server.close();
  });

  it("round-trips a query and a command and reports mod mode", async () => {
    const read = await producer.add("get_online_players", {});
    expect(await producer.finished(read)).toEqual({
      success: true,
      data: { players: ["Steve"], online: 1, max: 20 },
    });
    const write = await producer.add("execute_command", { command: "say hi" });
    expect(await producer.finished(write)).toEqual({ success: true, data: { output: "ran say hi" } });
    expect(bridge.runtimes[0]!.status()).toMatchObject({ leaseHeld: true, rconConnected: true, mode: "mod" });
    expect(peer.server.violations).toEqual([]);
  });

  it("batches concurrent jobs into few RCON calls, each id answered exactly once", async () => {
    const jobs = await Promise.all(
      Array.from({ length: 150 }, (_, i) => producer.add("execute_command", { command: `say ${i}` })),
    );
    const results = await Promise.all(jobs.map((job) => producer.finished(job)));
    results.forEach((result, i) => {
      expect(result).toEqual({ success: true, data: { output: `ran say ${i}` } });
    });
    expect(Math.max(...peer.batchSizes)).toBeGreaterThan(1);
    expect(peer.batchSizes.reduce((a, b) => a + b, 0)).toBe(150 + 1); // + the hello
    expect([...peer.executions.values()].every((n) => n === 1)).toBe(true);
    for (const command of peer.server.commands) expect(Buffer.byteLength(command)).toBeLessThanOrEqual(1446);
  });

  it("replays a write whose connection dropped after sending: the mod runs it once", async () => {
    const job = await producer.add("execute_command", { command: "give Steve diamond" });
    expect(await producer.finished(job)).toEqual({
      success: true,
      data: { output: "ran give Steve diamond" },
      replay: true,
    });
    expect(peer.executions.get(job.id!)).toBe(1);
    expect((await producer.queue.getJob(job.id!))?.attemptsMade).toBeGreaterThanOrEqual(1);
  });

  it("rejects forged and unsigned jobs with AUTH_FAILED, without retrying", async () => {
    const unsigned = await producer.add("get_online_players", {}, undefined, false);
    await expect(producer.finished(unsigned)).rejects.toThrow(/^AUTH_FAILED: /);
    const forged = await producer.queue.add("execute_command", {
      ...(await producer.add("get_online_players", {})).data,
      client: { id: "alice", role: "admin" },
      envelope: { hacked: true },
    });
    await expect(producer.finished(forged)).rejects.toThrow(/^AUTH_FAILED: /);
    expect((await producer.queue.getJob(unsigned.id!))?.attemptsMade).toBe(1);
    expect(peer.executions.has(unsigned.id!)).toBe(false);
  });

  // Feature: minecraft-mcp-bridge, Property 19: Command authorization enforcement
  it("re-checks the policy with the job's client: PERMISSION_DENIED, never sent to the game", async () => {
    const job = await producer.add("execute_command", { command: "op bob" }, { id: "bob", role: "admin" });
    await expect(producer.finished(job)).rejects.toThrow(
      /^PERMISSION_DENIED: Role 'reader' may not use tool/,
    );
    const stranger = await producer.add("get_online_players", {}, { id: "mallory", role: "admin" });
    await expect(producer.finished(stranger)).rejects.toThrow(/^PERMISSION_DENIED: Client 'mallory'/);
    expect(peer.executions.has(job.id!)).toBe(false);
    const logs = await producer.queue.getJobLogs(job.id!);
    expect(JSON.parse(logs.logs[0]!.replace(/^error /, ""))).toMatchObject({ code: "PERMISSION_DENIED" });
  });

  it("refuses a request too large for one RCON packet with INVALID_ARGS", async () => {
    const job = await producer.add("execute_command", { command: `say ${"\u00e9".repeat(300)}` });
    await expect(producer.finished(job)).rejects.toThrow(/^INVALID_ARGS: Request is \d+ bytes/);
  });
});
