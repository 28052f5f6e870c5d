/** A redis-server of the test's own (AOF on, fsync always) that the test may stop and restart. */

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { freePort, until } from "./processes.js";

export interface PrivateRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "mcpb-redis-"));
  let child: ChildProcess | undefined;
  const url = `redis://127.0.0.1:${port}`;
  const start = async () => {
    child = spawn(
      "redis-server",
      [
        ...["--bind", "127.0.0.1", "--port", String(port), "--dir", dir, "--save", ""],
        ...["--appendonly", "yes", "--appendfsync", "always", "--maxmemory-policy", "noeviction"],
      ],
      { stdio: "ignore" },
    );
    await until(async () => {
      const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      r.on("error", () => undefined);
      try {
        await r.connect();
        return (await r.ping()) === "PONG";
      } finally {
        r.disconnect();
      }
    }, "private redis-server to answer PING");
  };
  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child!.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  };
  await start();
  return { url, start, stop };
}
