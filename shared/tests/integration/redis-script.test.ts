import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { loadScript, runScript } from "@mcp-bridge/shared";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { testRedisUrl, uniquePrefix } from "../../testing/redis.js";

const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 3 });
const dir = mkdtempSync(join(tmpdir(), "lua-"));
afterAll(() => {
  redis.disconnect();
  rmSync(dir, { recursive: true, force: true });
});

/** A script file Redis has never seen (a random comment gives it a new SHA). */
function freshScript(body: string) {
  const name = `s-${randomUUID()}`;
  writeFileSync(join(dir, `${name}.lua`), `-- ${randomUUID()}\n${body}`);
  return loadScript(pathToFileURL(join(dir, "index.js")), name);
}

describe("runScript", () => {
  it("runs a script Redis does not know (NOSCRIPT, then EVAL), and by its SHA afterwards", async () => {
    const script = freshScript("return redis.call('INCRBY', KEYS[1], ARGV[1])");
    const key = `${uniquePrefix("lua")}:n`;
    expect(await redis.script("EXISTS", script.sha)).toEqual([0]);
    expect(await runScript(redis, script, [key], [2])).toBe(2);
    expect(await redis.script("EXISTS", script.sha)).toEqual([1]);
    expect(await runScript(redis, script, [key], [3])).toBe(5);
    await redis.del(key);
  });

  it("passes script errors through instead of retrying them", async () => {
    const script = freshScript("return redis.error_reply('BAD input')");
    await expect(runScript(redis, script, [], [])).rejects.toThrow(/BAD input/);
  });
});
