import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../../../shared/testing/net.js";
import { type Bridge, createBridge } from "../../../src/bridge.js";
import { ModPeer } from "../../../testing/mod-peer.js";
import { testConfig } from "../../../testing/test-config.js";
import { Producer } from "./producer.js";

describe("vanilla mode and outages", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setup(peer: ModPeer, port?: number) {
    const listening = port === undefined ? await peer.server.listen() : port;
    const config = testConfig(listening);
    const bridge: Bridge = createBridge(config, { http: false, probeVersion: async () => "1.21.1" });
    const producer = new Producer(config);
    await producer.ready();
    await bridge.start();
    cleanups.push(() => peer.server.close().catch(() => undefined));
    cleanups.push(() => producer.close());
    cleanups.push(() => bridge.stop());
    return { bridge, producer };
  }

  it("runs operations with vanilla commands when the server does not know /mcpbridge", async () => {
    const peer = new ModPeer({
      mod: false,
      vanilla: (c) => (c.startsWith("say ") ? "" : undefined),
    });
    const { bridge, producer } = await setup(peer);
    const players = await producer.add("get_online_players", {});
    expect(await producer.finished(players)).toEqual({
      success: true,
      data: { players: ["Steve"], online: 1, max: 20 },
    });
    expect(bridge.runtimes[0]!.status().mode).toBe("vanilla");
    const say = await producer.add("execute_command", { command: "say hello" });
    expect(await producer.finished(say)).toMatchObject({ success: true });
    const world = await producer.add("get_world_info", { x: 0, y: 64, z: 0, radius: 1 });
    await expect(producer.finished(world)).rejects.toThrow(/^UNSUPPORTED: /);
  });

  it("fails a vanilla write whose connection dropped after sending, and never sends it twice", async () => {
    const peer = new ModPeer({
      mod: false,
      vanilla: (c) => {
        if (c === "say once") throw new Error("drop after the command arrived");
        return undefined;
      },
    });
    const { producer } = await setup(peer);
    const job = await producer.add("execute_command", { command: "say once" });
    await expect(producer.finished(job)).rejects.toThrow(/^CONNECTION_ERROR: .*may or may not have run/);
    expect(peer.vanillaCommands.filter((c) => c === "say once")).toHaveLength(1);
    expect((await producer.queue.getJob(job.id!))?.attemptsMade).toBe(1);
  });

  it("keeps a job queued while the server is down and completes it when the server comes back", async () => {
    const port = await freePort();
    const peer = new ModPeer();
    const { bridge, producer } = await setup(peer, port);
    const job = await producer.add("execute_command", { command: "say while down" });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await job.getState()).toBe("waiting");
    expect(bridge.runtimes[0]!.status()).toMatchObject({ leaseHeld: true, rconConnected: false });
    await peer.server.listen(port);
    expect(await producer.finished(job)).toEqual({ success: true, data: { output: "ran say while down" } });
    expect(peer.executions.get(job.id!)).toBe(1);
  });
});
