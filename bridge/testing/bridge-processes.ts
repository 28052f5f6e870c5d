/**
 * Bridge processes for the failover and fleet tests and the fleet benchmark: bridge-child.ts (the
 * real composition root, configured from the environment) run under tsx, killed with SIGKILL as a
 * crash would.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

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
