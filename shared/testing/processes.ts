/**
 * Child processes for end-to-end tests: the built bridge, MCP server and NPC service run as real
 * processes (so fault tests can kill them), with logs in .run/e2e/<name>.log for post-mortems.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

export { freePort, holdFreePorts } from "./net.js";

export const REPO = fileURLToPath(new URL("../../", import.meta.url));
const LOG_DIR = `${REPO}.run/e2e`;

export interface Proc {
  readonly name: string;
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  output(): string;
  stop(): Promise<void>;
  kill(): Promise<void>;
}

export function startNode(name: string, script: string, args: string[], env: Record<string, string>): Proc {
  mkdirSync(LOG_DIR, { recursive: true });
  const log = createWriteStream(`${LOG_DIR}/${name}.log`, { flags: "a" });
  const child = spawn(process.execPath, [`${REPO}${script}`, ...args], {
    cwd: REPO,
    env: { ...process.env, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let buffer = "";
  const collect = (chunk: Buffer) => {
    buffer += chunk.toString();
    if (buffer.length > 1_000_000) buffer = buffer.slice(-500_000);
    log.write(chunk);
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const signal = async (sig: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    await exited;
  };
  return {
    name,
    child,
    exited,
    output: () => buffer,
    stop: () => signal("SIGTERM"),
    kill: () => signal("SIGKILL"),
  };
}

/** Polls every intervalMs until fn resolves truthy, or fails with the message after timeoutMs. */
export async function until<T>(
  fn: () => Promise<T> | T,
  message: string,
  timeoutMs = 20_000,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await fn();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`timed out: ${message}${last ? ` (last error: ${String(last)})` : ""}`);
}

export async function httpOk(url: string): Promise<boolean> {
  const res = await fetch(url).catch(() => undefined);
  return res !== undefined && res.status < 500;
}
