/**
 * ./scripts/up --one-process: the bridge and the MCP server as ONE process (one-process/), with the
 * same banner, URLs and ports as the default. A real MCP client calls a tool over HTTP; the bridge's
 * /readyz reports both parts (and the devserver's mod events, which reach the same process); the
 * log is .run/one-process.log and no separate bridge or MCP process runs; SIGTERM stops everything.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connectHttpClient } from "../../../shared/testing/mcp-http-client.js";
import { testRedisUrl, uniquePrefix } from "../../../shared/testing/redis.js";
import { freePort, REPO, until } from "./support/processes.js";

const RUN_DIR = mkdtempSync(join(tmpdir(), "mcpb-up-one-"));

describe("./scripts/up --one-process", () => {
  let stop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await stop?.();
  });

  it("serves MCP and runs the jobs in one process; /readyz reports both parts; SIGTERM stops it", async () => {
    const bridgePort = await freePort();
    const mcpPort = await freePort();
    const child = spawn("./scripts/up", ["--one-process"], {
      cwd: REPO,
      env: {
        ...process.env,
        REDIS_URL: testRedisUrl(),
        REDIS_PREFIX: uniquePrefix("up-one"),
        RUN_DIR,
        BRIDGE_PORT: String(bridgePort),
        MCP_PORT: String(mcpPort),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    stop = async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    };
    await until(
      () => output.includes("Ctrl-C stops everything") || child.exitCode !== null,
      "scripts/up --one-process to finish starting",
      240_000,
    );
    expect(child.exitCode, output).toBeNull();
    expect(output).toContain(`http://127.0.0.1:${mcpPort}/mcp`);
    expect(output).toMatch(/bridge and MCP server in one process \(pid \d+/);
    const pid = Number(/in one process \(pid (\d+)/.exec(output)![1]);

    const token = /Authorization: Bearer (\S+)/.exec(output)![1]!;
    const client = await connectHttpClient(`http://127.0.0.1:${mcpPort}/mcp`, token, "up-one-test");
    try {
      const players = await client.callTool({ name: "get_online_players", arguments: {} });
      expect(players.isError, JSON.stringify(players)).toBeFalsy();
      expect(players.structuredContent).toMatchObject({ players: ["Steve", "Alex"] });
    } finally {
      await client.close();
    }

    const ready = (await (await fetch(`http://127.0.0.1:${bridgePort}/readyz`)).json()) as {
      ready: boolean;
      checks: Record<string, { ok: boolean }>;
    };
    expect(ready.ready, JSON.stringify(ready)).toBe(true);
    expect(ready.checks.mcp?.ok).toBe(true);
    expect(ready.checks["mod:default"]?.ok).toBe(true);
    expect(existsSync(join(RUN_DIR, "one-process.log"))).toBe(true);
    expect(existsSync(join(RUN_DIR, "bridge.log"))).toBe(false);
    expect(existsSync(join(RUN_DIR, "mcp.log"))).toBe(false);

    await stop();
    expect(await fetch(`http://127.0.0.1:${mcpPort}/mcp`).catch(() => "closed")).toBe("closed");
    expect(() => process.kill(pid, 0)).toThrow();
  }, 300_000);
});
