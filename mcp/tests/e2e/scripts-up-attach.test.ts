/**
 * ./scripts/up attached to a running Minecraft server (MC_RCON_HOST/PORT/PASSWORD; here a devserver
 * this test started with its own password) whose RCON refuses the password up was given: up stops
 * within seconds of attaching, with the bridge's words for it (the refused password and what to
 * set), prints no banner, and leaves nothing running.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningDevserver, startDevserver } from "../../../shared/testing/devserver.js";
import { testRedisUrl, uniquePrefix } from "../../../shared/testing/redis.js";
import { freePort, REPO } from "./support/processes.js";

/** Far below wait-ready's 90 s deadline: a refused password is final, so up does not wait it out. */
const WITHIN_MS = 30_000;

describe("./scripts/up attached to a server that refuses its RCON password", () => {
  let devserver: RunningDevserver;
  beforeAll(async () => {
    devserver = await startDevserver({ password: "the-servers-own-password" });
  }, 60_000);
  afterAll(async () => {
    await devserver?.stop();
  });

  it("stops soon after attaching, naming the refused password and what to set, without a banner", async () => {
    const wrong = "a-wrong-rcon-password";
    const bridgePort = await freePort();
    const env = {
      ...process.env,
      REDIS_URL: testRedisUrl(),
      REDIS_PREFIX: uniquePrefix("up-attach"),
      RUN_DIR: mkdtempSync(join(tmpdir(), "mcpb-up-attach-")),
      BRIDGE_PORT: String(bridgePort),
      MCP_PORT: String(await freePort()),
      MC_RCON_HOST: "127.0.0.1",
      MC_RCON_PORT: String(devserver.rconPort),
      MC_RCON_PASSWORD: wrong,
    };
    const child = spawn("./scripts/up", [], { cwd: REPO, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let attachedAt: number | undefined;
    const collect = (chunk: Buffer) => {
      output += chunk;
      if (attachedAt === undefined && output.includes("attaching to the Minecraft server"))
        attachedAt = Date.now();
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    const exitedAt = Date.now();

    expect(code, output).not.toBe(0);
    expect(attachedAt, output).toBeDefined();
    expect(exitedAt - attachedAt!, output).toBeLessThan(WITHIN_MS);
    // One line says it: the failing part, the bridge's code and words, and where to look.
    const said = output.split("\n").find((line) => line.startsWith("[up] error: not up: rcon:default: "));
    expect(said, output).toContain(
      `AUTH_FAILED: RCON 127.0.0.1:${devserver.rconPort} refused the password: set MC_RCON_PASSWORD to the server's rcon.password (server.properties) and restart the bridge`,
    );
    expect(said).toContain(`/readyz at http://127.0.0.1:${bridgePort}/readyz`);
    expect(output).not.toContain(wrong);
    expect(output).not.toMatch(/is up|Ctrl-C stops everything|Authorization: Bearer/);
    const left = await fetch(`http://127.0.0.1:${bridgePort}/healthz`).then(
      () => "the bridge still answers",
      () => "",
    );
    expect(left).toBe("");
  }, 300_000);
});
