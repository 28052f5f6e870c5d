/**
 * Single use of signed jobs (issue 11 item 1) against the real devserver, with and without the mod:
 * a completed, validly signed write copied under a new BullMQ job id must not run again (it answers
 * the first run's result, marked `replay`; a read may run again, it changes nothing),
 * a signed job older than JOB_MAX_AGE_MS must not run at all (JOB_EXPIRED), neither is retried, and
 * the game state shows the item was given exactly once. Real Redis, BullMQ, bridge and devserver.
 */
import { randomUUID } from "node:crypto";
import { jobOptions, makeRequest, signJob } from "@mcp-bridge/shared";
import type { Job } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOB_SECRET } from "../../../testing/test-config.js";
import type { Producer } from "./producer.js";
import { type DevserverBridge, startDevserverBridge } from "./support/devserver-bridge.js";

const MAX_AGE_MS = 60_000;

for (const mode of ["mod", "vanilla"] as const) {
  describe(`single-use signed jobs in ${mode} mode (devserver${mode === "vanilla" ? " --no-mod" : ""})`, () => {
    let producer: Producer;
    let stack: DevserverBridge | undefined;

    beforeAll(async () => {
      stack = await startDevserverBridge(
        { noMod: mode === "vanilla", players: ["Steve", "Alex"] },
        { JOB_MAX_AGE_MS: String(MAX_AGE_MS) },
      );
      ({ producer } = stack);
    });
    afterAll(async () => {
      await stack?.stop();
    });

    async function applesOf(player: string): Promise<number> {
      const job = await producer.add("get_player_info", { player });
      const info = (await producer.finished(job)) as {
        data: { inventory: { type: string; quantity: number }[] };
      };
      return info.data.inventory
        .filter((stack) => stack.type === "minecraft:apple")
        .reduce((sum, stack) => sum + stack.quantity, 0);
    }

    async function failedOnce(job: Job, code: RegExp): Promise<void> {
      await expect(producer.finished(job)).rejects.toThrow(code);
      expect((await producer.queue.getJob(job.id!))?.attemptsMade).toBe(1);
    }

    it("answers a completed give_item job copied under a new job id with the first result; the item is given once", async () => {
      const before = await applesOf("Alex");
      const original = await producer.add("give_item", {
        player: "Alex",
        item: "minecraft:apple",
        quantity: 3,
      });
      expect(await producer.finished(original)).toMatchObject({ success: true });
      expect(await applesOf("Alex")).toBe(before + 3);

      const first = await producer.finished(original);
      const copy = await producer.queue.add(original.name, original.data, jobOptions(randomUUID()));
      expect(await producer.finished(copy)).toEqual({ ...(first as object), replay: true });
      expect(await applesOf("Alex")).toBe(before + 3);
    });

    it("runs a copy of a read again: reads change nothing, so only writes are claimed", async () => {
      const original = await producer.add("get_player_info", { player: "Alex" });
      expect(await producer.finished(original)).toMatchObject({ success: true });
      const copy = await producer.queue.add(original.name, original.data, jobOptions(randomUUID()));
      expect(await producer.finished(copy)).toMatchObject({ success: true });
    });

    it("answers the same job re-added under its own id after the original was removed with the first result", async () => {
      const original = await producer.add("execute_command", { command: "say once" });
      const first = await producer.finished(original);
      expect(first).toMatchObject({ success: true });
      await original.remove();
      const again = await producer.queue.add(original.name, original.data, jobOptions(original.id!));
      expect(await producer.finished(again)).toEqual({ ...(first as object), replay: true });
    });

    it("refuses a signed job older than JOB_MAX_AGE_MS with JOB_EXPIRED, without running it", async () => {
      const before = await applesOf("Steve");
      const envelope = {
        ...makeRequest("give_item", { player: "Steve", item: "minecraft:apple", quantity: 1 }),
        timestamp: Date.now() - MAX_AGE_MS - 5_000,
      };
      const data = signJob({ serverId: "s1", envelope, client: { id: "alice", role: "admin" } }, JOB_SECRET);
      const old = await producer.queue.add("give_item", data, jobOptions(envelope.id));
      await failedOnce(old, /^JOB_EXPIRED: .*JOB_MAX_AGE_MS/);
      expect(await applesOf("Steve")).toBe(before);
    });
  });
}
