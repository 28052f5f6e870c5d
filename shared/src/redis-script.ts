/**
 * Lua scripts as files: each package keeps its scripts in `src/lua/*.lua` (copied into `dist/lua`
 * by its build) and loads them here, once, when its `lua/index.ts` is imported.
 * A script may start with `--- @include "<name>"` lines: the named file of shared's `src/lua` is put
 * in their place (Redis runs one text per script, so code several scripts need is shared this way).
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

/** The connection, typed with the command `C` names; `numberOfKeys` absent: each call passes it first. */
export function withScript<C>(
  redis: Redis,
  name: keyof C & string,
  script: { numberOfKeys?: number; lua: string },
): Redis & C {
  if (!(name in redis)) redis.defineCommand(name, script);
  return redis as Redis & C;
}
