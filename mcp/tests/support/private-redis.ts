/**
 * A throwaway redis-server on a free loopback port that a test may stop and start again. With
 * `persistent` it keeps an append-only file (fsync always) and stops gracefully, so what was
 * written before a restart is there after it, as on a production Redis.
 */
import { type ChildProcess, execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../../shared/testing/net.js";
import { spawnRedisServer } from "../../../shared/testing/redis-server.js";

export class PrivateRedis {
  private child: ChildProcess | undefined;
  private readonly dir = mkdtempSync(join(tmpdir(), "mcp-redis-"));
  private constructor(
    readonly port: number,
    private readonly persistent: boolean,
  ) {}

  static async start(options: { persistent?: boolean } = {}): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort(), options.persistent ?? false);
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawnRedisServer(
      this.port,
      this.dir,
      this.persistent
        ? ["--appendonly", "yes", "--appendfsync", "always", "--maxmemory-policy", "noeviction"]
        : ["--appendonly", "no"],
    );
    for (let i = 0; i < 100; i++) {
      try {
        execFileSync("redis-cli", ["-p", String(this.port), "ping"], { stdio: "ignore" });
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    throw new Error(`redis-server did not start on port ${this.port}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill(this.persistent ? "SIGTERM" : "SIGKILL");
    });
    this.child = undefined;
  }
}
