/**
 * Bridge processes for the failover and fleet tests and the fleet benchmark: bridge-child.ts (the
 * real composition root, configured from the environment) run under tsx, killed with SIGKILL as a
 * crash would.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { BridgeConfig } from "../src/config.js";
import { PASSWORD } from "./mod-peer.js";
import { EVENTS_TOKEN } from "./test-config.js";

const child = fileURLToPath(new URL("./bridge-child.ts", import.meta.url));
const tsconfig = fileURLToPath(new URL("../tsconfig.json", import.meta.url));

/** Starts a bridge child and resolves once it says "started". */
export async function startChild(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ["--import", "tsx", child], {
    env: { ...env, TSX_TSCONFIG_PATH: tsconfig },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.on("data", (d: Buffer) => d.toString().includes("started") && resolve());
    proc.once("exit", (code) => reject(new Error(`bridge child exited with ${code}`)));
  });
  return proc;
}

/** SIGKILL, and wait until the process is gone (before then it could still take an answer). */
export async function kill(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.once("exit", resolve));
  proc.kill("SIGKILL");
  await exited;
}

/** A bridge child's environment: `config`'s Redis, job secret and policy, its owner name, and `more`. */
export function childEnv(
  config: Pick<BridgeConfig, "redisUrl" | "redisPrefix" | "jobSecret" | "policyFile">,
  owner: string,
  more: NodeJS.ProcessEnv,
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    REDIS_URL: config.redisUrl,
    REDIS_PREFIX: config.redisPrefix,
    JOB_SECRET: config.jobSecret,
    POLICY_FILE: config.policyFile,
    OWNER_NAME: owner,
    ...more,
  };
}

/** Writes a BRIDGE_SERVERS_FILE of servers on 127.0.0.1 (the mod peers' password and events token). */
export function writeServersFile(
  file: string,
  servers: Array<{ id: string; rconPort: number; logFile?: string }>,
): string {
  const entries = servers.map(({ id, rconPort, logFile }) => ({
    id,
    rconHost: "127.0.0.1",
    rconPort,
    rconPassword: PASSWORD,
    eventsToken: EVENTS_TOKEN,
    ...(logFile && { logFile }),
  }));
  writeFileSync(file, JSON.stringify(entries));
  return file;
}
