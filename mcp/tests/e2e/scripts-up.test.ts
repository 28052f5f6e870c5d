/**
 * The product's main command, as a new user runs it: ./scripts/up starts Redis (here: REDIS_URL),
 * the devserver, the bridge and the MCP server, prints the MCP URL and token; a real MCP Client then
 * calls every game tool over HTTP, and another over stdio through the desktop-client config it
 * printed (whose command is a Node.js 22 or newer, named by its path); ./scripts/sim makes events happen; a killed devserver is restarted
 * while the rest keeps running; a second ./scripts/up on the same RUN_DIR is refused without touching
 * the first; no secret is on any process's command line; SIGTERM (as Ctrl-C would) stops every
 * process it started. A later start skips the builds and keeps the ports, so the printed configs stay
 * valid.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, describe, expect, it } from "vitest";
import { ok } from "../../../shared/testing/game.js";
import { connectHttpClient } from "../../../shared/testing/mcp-http-client.js";
import { testRedisUrl, uniquePrefix } from "../../../shared/testing/redis.js";
import { freePort, REPO, until } from "./support/processes.js";

const run = promisify(execFile);
const RUN_DIR = mkdtempSync(join(tmpdir(), "mcpb-up-"));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

interface Up {
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

function startUp(env: Record<string, string>, args: string[] = []): Up {
  let output = "";
  const child = spawn("./scripts/up", args, {
    cwd: REPO,
    env: { ...process.env, REDIS_URL: testRedisUrl(), RUN_DIR, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => {
    output += d;
  });
  child.stderr!.on("data", (d) => {
    output += d;
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Every secret scripts/up generated (values of RUN_DIR/secrets.env). */
function secrets(): Map<string, string> {
  const lines = readFileSync(join(RUN_DIR, "secrets.env"), "utf8").split("\n");
  return new Map(lines.filter((l) => l.includes("=")).map((l) => l.split("=", 2) as [string, string]));
}

/** pid -> command line of every process this user can see. */
function commandLines(): Map<string, string> {
  const out = new Map<string, string>();
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      out.set(pid, readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " "));
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/** Waits for up's banner; if up exits first or the wait ends, the error carries everything up printed. */
const upAndRunning = async (up: Up) => {
  const exited = new Promise<never>((_, reject) => {
    const fail = () => reject(new Error(`scripts/up exited with ${up.child.exitCode} before its banner`));
    if (up.child.exitCode !== null) fail();
    else up.child.once("exit", fail);
  });
  exited.catch(() => undefined); // up exits at the test's end too; only the race below reads this
  try {
    await Promise.race([
      until(() => up.output().includes("Ctrl-C stops everything"), "scripts/up to finish starting", 240_000),
      exited,
    ]);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- scripts/up printed:\n${up.output()}`);
  }
};

/** The desktop-client (stdio) config scripts/up printed, indented under its heading. */
function desktopConfig(output: string): { command: string; args: string[]; env: Record<string, string> } {
  const after = output.slice(output.indexOf("Desktop client (stdio) config"));
  const lines = after.split("\n").slice(1);
  const end = lines.indexOf("    }");
  const config = JSON.parse(lines.slice(0, end + 1).join("\n"));
  return config.mcpServers.minecraft;
}

async function connect(output: string): Promise<Client> {
  const url = /MCP \(Streamable HTTP\)\s+(\S+)/.exec(output)?.[1];
  const token = /Authorization: Bearer (\S+)/.exec(output)?.[1];
  return connectHttpClient(url!, token, "up-test");
}

describe("./scripts/up", () => {
  const started: Up[] = [];
  afterAll(async () => {
    for (const up of started) await up.stop();
  });
  const ports = async () => ({ BRIDGE_PORT: String(await freePort()), MCP_PORT: String(await freePort()) });

  it("brings the stack up, serves every tool, makes events with scripts/sim, restarts a killed devserver, and stops everything on SIGTERM", async () => {
    const env = { ...(await ports()), REDIS_PREFIX: uniquePrefix("up") };
    const up = startUp(env, ["--allow", "^say up-test .*"]);
    started.push(up);
    await upAndRunning(up);
    const output = up.output();
    expect(/MCP \(Streamable HTTP\)\s+(\S+)/.exec(output)?.[1]).toBe(`http://127.0.0.1:${env.MCP_PORT}/mcp`);
    expect(output).toMatch(new RegExp(`Bull Board\\s+http://127.0.0.1:${env.BRIDGE_PORT}/board`));
    expect(output).toMatch(/"mcpServers"/);
    expect(output).toContain("./scripts/sim chat Steve hello");
    // No LLM runs here: the NPC service starts and waits for one, said in one line with how to get one.
    expect(output.split("\n").filter((l) => l.includes("NPCs waiting for the LLM"))).toHaveLength(1);
    expect(output).toMatch(
      /NPCs waiting for the LLM: .*unreachable.*turn on by themselves.*ollama pull llama3\.2/,
    );
    expect(output, "no colour codes in a pipe").not.toContain("\u001b[");
    expect(readFileSync(join(RUN_DIR, "devserver.log"), "utf8")).toContain("^say up-test .*");

    const client = await connect(output);
    expect((await ok(client, "get_online_players")).players).toEqual(["Steve", "Alex"]);
    await ok(client, "get_player_info", { player: "Alex" });
    await ok(client, "get_server_info");
    await ok(client, "get_world_info", { x: 0, y: 64, z: 0, radius: 1 });
    await ok(client, "send_message", { message: "hello from scripts/up" });
    await ok(client, "teleport_player", { player: "Alex", x: 1, y: 70, z: 1 });
    await ok(client, "give_item", { player: "Alex", item: "minecraft:bread", quantity: 2 });
    await ok(client, "execute_command", { command: "time query daytime" });

    // The printed stdio config works as a desktop client runs it: its command, args and env only.
    const stdio = desktopConfig(output);
    expect(stdio.command, "node named by its path, not looked up in the client's PATH").toMatch(/^\//);
    const { stdout: major } = await run(stdio.command, ["-p", "process.versions.node.split('.')[0]"]);
    expect(Number(major)).toBeGreaterThanOrEqual(22);
    const desktop = new Client({ name: "desktop-test", version: "1.0.0" });
    await desktop.connect(new StdioClientTransport({ ...stdio, stderr: "ignore" }));
    expect((await ok(desktop, "get_online_players")).players).toEqual(["Steve", "Alex"]);
    await desktop.close();

    // A second up on the same RUN_DIR is refused, names the running one, and touches nothing of it.
    const logs = ["bridge.log", "mcp.log", "devserver.log"];
    const sizes = logs.map((f) => statSync(join(RUN_DIR, f)).size);
    const refused = startUp({ ...(await ports()), REDIS_PREFIX: uniquePrefix("up-second") });
    const code = await new Promise((resolve) => refused.child.once("exit", resolve));
    expect(code, refused.output()).not.toBe(0);
    expect(refused.output()).toContain("another ./scripts/up is already running");
    expect(refused.output()).toContain(`pid ${up.child.pid}`);
    expect(refused.output()).toContain(`MCP http://127.0.0.1:${env.MCP_PORT}/mcp`);
    expect(refused.output()).not.toContain("is up");
    for (const [i, f] of logs.entries())
      expect(statSync(join(RUN_DIR, f)).size).toBeGreaterThanOrEqual(sizes[i]!);
    expect((await ok(client, "get_online_players")).players).toEqual(["Steve", "Alex"]);

    // No secret on any process's command line (the scan sees the devserver up started).
    const lines = commandLines();
    const found: string[] = [];
    for (const [name, value] of secrets()) {
      for (const [pid, line] of lines) if (line.includes(value)) found.push(`${name} in pid ${pid}: ${line}`);
    }
    expect(found).toEqual([]);
    expect([...lines.values()].some((l) => l.includes("mcpbridge-devserver.jar"))).toBe(true);

    // ./scripts/sim: one command makes a chat event that the event tools serve.
    const sim = await run("./scripts/sim", ["chat", "Steve", "hello from sim"], {
      cwd: REPO,
      env: { ...process.env, RUN_DIR },
    });
    expect(sim.stdout).toContain("<Steve> hello from sim");
    await until(async () => {
      const page = await ok(client, "get_events", { types: ["player_chat"] });
      return JSON.stringify(page.events).includes("hello from sim");
    }, "the simulated chat to reach get_events");
    await expect(
      run("./scripts/sim", ["chat", "Nobody", "hi"], { cwd: REPO, env: { ...process.env, RUN_DIR } }),
    ).rejects.toThrow();

    // A crashed devserver comes back under the supervisor; the bridge and MCP server never stop.
    const first = Number(readFileSync(join(RUN_DIR, "devserver.pid"), "utf8"));
    process.kill(first, "SIGKILL");
    await until(
      () => up.output().includes("restarting it in"),
      `up to report the restart\n${up.output()}`,
      30_000,
    );
    await until(
      async () => (await ok(client, "get_online_players")).players !== undefined,
      "the tools to work against the restarted devserver",
      60_000,
    );
    const second = Number(readFileSync(join(RUN_DIR, "devserver.pid"), "utf8"));
    expect(second).not.toBe(first);
    await client.close();

    await up.stop();
    const left = await fetch(`http://127.0.0.1:${env.BRIDGE_PORT}/healthz`).then(
      () => "bridge still answers",
      () => "",
    );
    expect(left).toBe("");
    expect(alive(second), "the devserver stopped with up").toBe(false);
  }, 360_000);

  it("skips builds that are up to date and reuses the ports it kept in .run/ on the next start", async () => {
    const kept = readFileSync(join(RUN_DIR, "ports.env"), "utf8");
    const rconPort = /^DEV_RCON_PORT=(\d+)$/m.exec(kept)?.[1];
    const up = startUp({ ...(await ports()), REDIS_PREFIX: uniquePrefix("up2") });
    started.push(up);
    await upAndRunning(up);
    expect(up.output()).toContain("TypeScript packages are up to date");
    expect(up.output()).toContain("the mod core and devserver are up to date");
    expect(up.output()).toContain(`devserver (mod core inside) on RCON 127.0.0.1:${rconPort}`);
    await up.stop();
  }, 300_000);

  it("keeps a chosen port in ports.env, and picks a new one when another program took it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mcpb-ports-"));
    const pick = async () => {
      const script = `source scripts/lib/common.sh; source scripts/lib/ports.sh; remember_port REDIS_PORT; echo "$REDIS_PORT"`;
      const env: NodeJS.ProcessEnv = { ...process.env, RUN_DIR: dir };
      delete env.REDIS_PORT;
      const { stdout, stderr } = await run("bash", ["-c", script], { cwd: REPO, env });
      return { port: Number(stdout.trim()), said: stderr };
    };
    const first = await pick();
    expect((await pick()).port).toBe(first.port);
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(first.port, "127.0.0.1", resolve));
    try {
      const moved = await pick();
      expect(moved.port).not.toBe(first.port);
      expect(moved.said).toContain("re-copy the printed client config");
      expect(readFileSync(join(dir, "ports.env"), "utf8")).toBe(`REDIS_PORT=${moved.port}\n`);
    } finally {
      squatter.close();
    }
  });
});
