/**
 * Issue 11, item 6: one 40 MB command answer was kept whole in the mod's idempotency journal and in
 * Redis (BullMQ keeps return values, failure reasons and job logs for hours). The real devserver
 * answers `sim output <chars>` with that much text; what the bridge stores per job stays within
 * RESULT_MAX_BYTES and the mod's journal within its limit (64 KiB), and a cut answer says so.
 */
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok } from "../../../shared/testing/game.js";
import { type Stack, startStack } from "../../../shared/testing/stack.js";

const FORTY_MB = 40 * 1024 * 1024;
const RESULT_MAX_BYTES = 128 * 1024;
const MOD_MAX_RESULT_BYTES = 64 * 1024;

/** The largest value the stack keeps under its prefix: hash fields, list entries, strings. */
async function largestStoredValue(redis: Redis, prefix: string): Promise<{ key: string; bytes: number }> {
  let largest = { key: "", bytes: 0 };
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
    cursor = next;
    for (const key of keys) {
      const type = await redis.type(key);
      let sizes: number[] = [];
      if (type === "hash") {
        const fields = await redis.hkeys(key);
        sizes = await Promise.all(fields.map((f) => redis.hstrlen(key, f)));
      } else if (type === "list") {
        sizes = (await redis.lrange(key, 0, -1)).map((v) => Buffer.byteLength(v));
      } else if (type === "string") {
        sizes = [await redis.strlen(key)];
      }
      for (const bytes of sizes) if (bytes > largest.bytes) largest = { key, bytes };
    }
  } while (cursor !== "0");
  return largest;
}

describe.each([
  { mode: "mod mode", noMod: false },
  { mode: "vanilla mode", noMod: true },
])("a 40 MB command answer ($mode)", ({ noMod }) => {
  let stack: Stack;
  let http: Client;
  let redis: Redis;
  const stateDir = mkdtempSync(join(tmpdir(), "mcpb-big-"));

  beforeAll(async () => {
    stack = await startStack({
      noMod,
      allow: ["sim output [0-9]{1,9}"],
      devserverArgs: ["--state-dir", stateDir],
      bridgeEnv: { RESULT_MAX_BYTES: String(RESULT_MAX_BYTES), RCON_TIMEOUT_MS: "60000" },
      mcpEnv: { JOB_TIMEOUT_MS: "60000" },
    });
    http = await stack.httpClient();
    redis = new Redis(stack.redisUrl);
  }, 180_000);
  afterAll(async () => {
    await redis?.quit();
    await stack?.stop();
  });

  it("is bounded in Redis (and in the mod's journal) and marked as cut", async () => {
    const { output } = (await ok(http, "execute_command", { command: `sim output ${FORTY_MB}` })) as {
      output: string;
    };
    expect(output.length).toBeLessThan(RESULT_MAX_BYTES);
    expect(output.slice(0, 10)).toBe("0123456789");
    const marker =
      / \.\.\.\[cut: kept (\d+) of (\d+) chars; the answer was over the bridge's (\d+)-byte limit \(RESULT_MAX_BYTES\)\]$/.exec(
        output.slice(-200),
      );
    expect(marker, `the answer ends without a cut marker: ...${output.slice(-200)}`).not.toBeNull();
    expect(Number(marker![2])).toBeGreaterThanOrEqual(FORTY_MB); // with the mod, lines are joined by newlines
    expect(Number(marker![3])).toBe(RESULT_MAX_BYTES);

    const largest = await largestStoredValue(redis, stack.prefix);
    expect(largest.bytes, `largest value in Redis: ${largest.key}`).toBeLessThanOrEqual(
      RESULT_MAX_BYTES + 1024,
    );

    const journals = readdirSync(stateDir).map((f) => statSync(join(stateDir, f)).size);
    expect(journals.length).toBe(noMod ? 0 : 1);
    for (const bytes of journals) expect(bytes).toBeLessThan(MOD_MAX_RESULT_BYTES + 1024);
  }, 120_000);
});
