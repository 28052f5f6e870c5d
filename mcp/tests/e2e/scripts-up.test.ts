/**
 * The product's main command, as a new user runs it: ./scripts/up starts Redis (here: REDIS_URL),
 * the devserver, the bridge and the MCP server, prints the MCP URL and token; a real MCP Client then
 * calls every game tool over HTTP; SIGTERM (as Ctrl-C would) stops every process it started.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, describe, expect, it } from "vitest";
import { testRedisUrl, uniquePrefix } from "../../../shared/testing/redis.js";
import { ok } from "./support/game.js";
import { freePort, REPO, until } from "./support/processes.js";

describe("./scripts/up", () => {
  let up: ChildProcess | undefined;
  let output = "";
  afterAll(() => {
    if (up && up.exitCode === null) up.kill("SIGTERM");
  });

  it("brings the stack up, serves every tool to an MCP client, and stops everything on SIGTERM", async () => {
    const [bridgePort, mcpPort] = [await freePort(), await freePort()];
    up = spawn("./scripts/up", [], {
      cwd: REPO,
      env: {
        ...process.env,
        REDIS_URL: testRedisUrl(),
        REDIS_PREFIX: uniquePrefix("up"),
        RUN_DIR: mkdtempSync(join(tmpdir(), "mcpb-up-")),
        BRIDGE_PORT: String(bridgePort),
        MCP_PORT: String(mcpPort),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    up.stdout!.on("data", (d) => {
      output += d;
    });
    up.stderr!.on("data", (d) => {
      output += d;
    });
    await until(
      () => output.includes("Ctrl-C stops everything"),
      `scripts/up to finish starting\n${output}`,
      240_000,
    );
    const url = /MCP \(Streamable HTTP\)\s+(\S+)/.exec(output)?.[1];
    const token = /Authorization: Bearer (\S+)/.exec(output)?.[1];
    expect(url).toBe(`http://127.0.0.1:${mcpPort}/mcp`);
    expect(output).toMatch(new RegExp(`Bull Board\\s+http://127.0.0.1:${bridgePort}/board`));
    expect(output).toMatch(/"mcpServers"/);

    const client = new Client({ name: "up-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url!), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    expect((await ok(client, "get_online_players")).players).toEqual(["Steve", "Alex"]);
    await ok(client, "get_player_info", { player: "Alex" });
    await ok(client, "get_server_info");
    await ok(client, "get_world_info", { x: 0, y: 64, z: 0, radius: 1 });
    await ok(client, "send_message", { message: "hello from scripts/up" });
    await ok(client, "teleport_player", { player: "Alex", x: 1, y: 70, z: 1 });
    await ok(client, "give_item", { player: "Alex", item: "minecraft:bread", quantity: 2 });
    await ok(client, "execute_command", { command: "time query daytime" });
    await client.close();

    const exited = new Promise((resolve) => up!.once("exit", resolve));
    up.kill("SIGTERM");
    await exited;
    const left = await fetch(`http://127.0.0.1:${bridgePort}/healthz`).then(
      () => "bridge still answers",
      () => "",
    );
    expect(left).toBe("");
  }, 300_000);
});
