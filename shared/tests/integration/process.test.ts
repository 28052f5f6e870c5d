// The shared MCP process skeleton (runMcpProcess) as a real child process: a fixture server on it
// (shared/tests/support/mcp-process-fixture.ts) started through tsx, its stderr and exit code read.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const FIXTURE = fileURLToPath(new URL("../support/mcp-process-fixture.ts", import.meta.url));

interface Run {
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<number | null>;
  /** Resolves once stderr has `text`. */
  waitFor: (text: string) => Promise<void>;
}

function start(args: string[], env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, ["--import", "tsx", FIXTURE, ...args], {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  const waiters: { text: string; resolve: () => void }[] = [];
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const w of waiters.filter((w) => stderr.includes(w.text))) w.resolve();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    stderr: () => stderr,
    exited,
    waitFor: (text) =>
      stderr.includes(text) ? Promise.resolve() : new Promise((resolve) => waiters.push({ text, resolve })),
  };
}

/** The JSON log lines (pino) among the stderr lines. */
function logLines(stderr: string): Record<string, unknown>[] {
  return stderr
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("runMcpProcess: the process skeleton of the MCP servers", () => {
  it("answers --version and --help without starting", async () => {
    const version = start(["--version"]);
    expect(await version.exited).toBe(0);
    expect(version.stderr()).toBe("9.9.9\n");
    const help = start(["--help"]);
    expect(await help.exited).toBe(0);
    expect(help.stderr()).toBe("Usage: fixture-mcp [--http]\n");
  });

  it("an invalid configuration lists its problems and exits 2", async () => {
    const run = start([], { FIXTURE_BAD_CONFIG: "1" });
    expect(await run.exited).toBe(2);
    expect(run.stderr()).toContain("FIXTURE_BAD_CONFIG: remove it");
  });

  it("a refusal prints its own message and exits with its code; any other failure is 'cannot start', exit 1", async () => {
    const refused = start(["--http"], { FIXTURE_START: "refuse" });
    expect(await refused.exited).toBe(3);
    expect(refused.stderr()).toBe("refused over http\n");
    const crashed = start([], { FIXTURE_START: "crash" });
    expect(await crashed.exited).toBe(1);
    expect(crashed.stderr()).toBe("fixture-mcp cannot start: no game here\n");
  });

  it("stdio: logs the start, greets, serves, and stops once when stdin closes (transport, then runtime)", async () => {
    const run = start([]);
    await run.waitFor('"msg":"serving stdio"');
    run.child.stdin!.end();
    expect(await run.exited).toBe(0);
    const stderr = run.stderr();
    expect(stderr).toContain("fixture-mcp: hello\n");
    expect(stderr.indexOf("stdio closed")).toBeGreaterThan(-1);
    expect(stderr.indexOf("runtime closed")).toBeGreaterThan(stderr.indexOf("stdio closed"));
    const logs = logLines(stderr);
    expect(logs.find((l) => l.msg === "fixture-mcp starting")).toMatchObject({
      name: "fixture-mcp",
      version: "9.9.9",
      transport: "stdio",
      config: { start: "ok" },
      extra: "field",
    });
    expect(logs.find((l) => l.msg === "serving stdio")).toMatchObject({ clientId: "tester" });
    expect(logs.filter((l) => l.msg === "shutting down")).toEqual([
      expect.objectContaining({ reason: "stdin closed" }),
    ]);
  });

  it("http: serves until SIGTERM, then closes the transport and the runtime and exits 0", async () => {
    const run = start(["--http"]);
    await run.waitFor('"msg":"serving Streamable HTTP"');
    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
    const stderr = run.stderr();
    expect(stderr.indexOf("runtime closed")).toBeGreaterThan(stderr.indexOf("http closed"));
    const logs = logLines(stderr);
    expect(logs.find((l) => l.msg === "serving Streamable HTTP")).toMatchObject({
      url: "http://127.0.0.1:1/mcp",
    });
    expect(logs.find((l) => l.msg === "shutting down")).toMatchObject({ reason: "SIGTERM" });
  });

  it("a transport that cannot start: its code and message on stderr, the runtime closed, exit 1", async () => {
    const run = start(["--http"], { FIXTURE_SERVE: "fail" });
    expect(await run.exited).toBe(1);
    const stderr = run.stderr();
    expect(stderr).toContain("fixture-mcp cannot start: CONNECTION_ERROR: http port taken\n");
    expect(stderr).toContain("runtime closed");
    expect(logLines(stderr).find((l) => l.msg === "cannot start")).toMatchObject({
      code: "CONNECTION_ERROR",
      err: "http port taken",
    });
  });
});
