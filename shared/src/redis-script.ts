/**
 * Lua scripts as files: each package keeps its scripts in `src/lua/*.lua` (copied into `dist/lua`
 * by its build) and loads them here, once, when its `lua/index.ts` is imported.
 * `runScript` is the one way to run them. A script may start with `--- @include "<name>"` lines: the
 * named file of shared's `src/lua` is put in their place (Redis runs one text per script, so code
 * several scripts need, like the event stream's writer, is shared this way).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Redis } from "ioredis";

export interface RedisScript {
  /** The file's name without `.lua`, for errors and logs. */
  readonly name: string;
  /** The script's text, includes expanded. */
  readonly lua: string;
  /** SHA-1 of `lua`, the name EVALSHA knows it by. */
  readonly sha: string;
}

const SHARED_LUA = new URL("./lua/", import.meta.url);
const INCLUDE = /^--- @include "([a-z0-9-]+)"$/gm;

/** Reads `<name>.lua` from the folder of `moduleUrl` (pass `import.meta.url` of the package's `lua/index.ts`). */
export function loadScript(moduleUrl: string | URL, name: string): RedisScript {
  const text = readFileSync(new URL(`${name}.lua`, moduleUrl), "utf8");
  const lua = text.replace(INCLUDE, (_, include: string) =>
    readFileSync(new URL(`${include}.lua`, SHARED_LUA), "utf8"),
  );
  return { name, lua, sha: createHash("sha1").update(lua).digest("hex") };
}

/** What running a script needs of a connection (a Redis, a Cluster, or a command-limited view). */
export type ScriptRedis = Pick<Redis, "evalsha" | "eval">;

/**
 * Runs a script: EVALSHA (Redis hashes no script text per call), and EVAL, which also loads it, when
 * Redis answers NOSCRIPT (a restart or a failover emptied its script cache). The EVALSHA is queued
 * on the connection before this returns, so commands sent after it run after it.
 */
export async function runScript(
  redis: ScriptRedis,
  script: RedisScript,
  keys: readonly string[],
  args: readonly (string | number)[],
): Promise<unknown> {
  try {
    return await redis.evalsha(script.sha, keys.length, ...keys, ...args);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
    return await redis.eval(script.lua, keys.length, ...keys, ...args);
  }
}
