/**
 * Test support: throwaway redis-server processes from the machine's redis-server, on loopback, for
 * the tests of Redis outages, Sentinel and Cluster. `redisServerAvailable()` is false when
 * redis-server is missing: those tests then skip, saying so.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";

export function redisServerAvailable(): boolean {
  try {
    execFileSync("redis-server", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** A redis-server on 127.0.0.1 at `port` that keeps its files in `dir` and never saves on its own. */
export function spawnRedisServer(port: number, dir: string, extra: string[]): ChildProcess {
  return spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", ...extra],
    {
      stdio: "ignore",
    },
  );
}
