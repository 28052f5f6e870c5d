/**
 * Test support: starts the devserver jar (mod/devserver, a headless vanilla-faithful server with the
 * real mod core) as a child process on free ports and waits for its READY line. Builds the jar with
 * Maven when it is missing. Used by the bridge and MCP integration tests.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const MOD_DIR = fileURLToPath(new URL("../../mod/", import.meta.url));
export const DEVSERVER_JAR = fileURLToPath(
  new URL("../../mod/devserver/target/mcpbridge-devserver.jar", import.meta.url),
);

export interface DevserverOptions {
  /** Start WITHOUT the mod: `mcpbridge` is then an unknown command (vanilla mode). */
  noMod?: boolean;
  /** Players online at start. */
  players?: string[];
  serverId?: string;
  /** ws:// URL of the bridge's event endpoint. */
  bridgeUrl?: string;
  eventsToken?: string;
  /** Extra command patterns the mod allows (added to its defaults). */
  allow?: string[];
  /** The `allow` patterns REPLACE the mod's default allow-list (--no-default-allow). */
  replaceAllow?: boolean;
  /** RCON password; random when omitted. */
  password?: string;
  /** 0 (default) picks a free port. */
  rconPort?: number;
  statusPort?: number;
  extraArgs?: string[];
  /** How long to wait for READY (default 30 s). */
  readyTimeoutMs?: number;
  /** Copy the devserver's log (stderr) to this process's stderr. Default: env DEVSERVER_LOG=1. */
  echoLog?: boolean;
}

export interface RunningDevserver {
  rconPort: number;
  statusPort: number;
  /** The management server's port, when `--management-port` was given (0 there picks a free one). */
  managementPort: number | undefined;
  password: string;
  /** The last lines the devserver logged (stderr), for failure messages. */
  log(): string;
  /** SIGTERM and wait for a clean exit. */
  stop(): Promise<void>;
  /** SIGKILL (a crash) and wait for the exit. */
  kill(): Promise<void>;
  /** Stops (SIGTERM) and starts again on the SAME ports, e.g. to test reconnects. */
  restart(): Promise<void>;
  /** SIGSTOP: the process hangs with its sockets open (a server that stopped answering). */
  freeze(): void;
  /** SIGCONT after freeze(). */
  thaw(): void;
}

/** Builds the jar when missing (Maven via mod/mvnw; takes a while the first time). */
export function ensureDevserverJar(): string {
  if (!existsSync(DEVSERVER_JAR)) {
    const r = spawnSync("./mvnw", ["-q", "-B", "-DskipTests", "install"], { cwd: MOD_DIR, stdio: "inherit" });
    if (r.status !== 0 || !existsSync(DEVSERVER_JAR)) {
      throw new Error(
        `building the devserver failed: run 'cd mod && ./mvnw -B -DskipTests install' to see why`,
      );
    }
  }
  return DEVSERVER_JAR;
}

export async function startDevserver(opts: DevserverOptions = {}): Promise<RunningDevserver> {
  const jar = ensureDevserverJar();
  const password = opts.password ?? randomBytes(12).toString("hex");
  let ports: { rcon: number; status: number; management?: number } = {
    rcon: opts.rconPort ?? 0,
    status: opts.statusPort ?? 0,
  };
  let child: ChildProcess | undefined;
  let logLines: string[] = [];

  const args = (): string[] => {
    const a = ["-jar", jar, "--rcon-port", String(ports.rcon), "--status-port", String(ports.status)];
    if (opts.noMod) a.push("--no-mod");
    if (opts.players?.length) a.push("--players", opts.players.join(","));
    if (opts.serverId) a.push("--server-id", opts.serverId);
    if (opts.bridgeUrl) a.push("--bridge-url", opts.bridgeUrl);
    if (opts.replaceAllow) a.push("--no-default-allow");
    for (const p of opts.allow ?? []) a.push("--allow", p);
    const extra = [...(opts.extraArgs ?? [])];
    // A restart binds the management port it was given before (port 0 picked it at the first start).
    const management = extra.indexOf("--management-port");
    if (management >= 0 && ports.management) extra[management + 1] = String(ports.management);
    a.push(...extra);
    return a;
  };

  const launch = () =>
    new Promise<void>((resolve, reject) => {
      const env: NodeJS.ProcessEnv = { ...process.env, DEVSERVER_RCON_PASSWORD: password };
      if (opts.eventsToken) env.DEVSERVER_EVENTS_TOKEN = opts.eventsToken;
      const proc = spawn("java", args(), { env, stdio: ["ignore", "pipe", "pipe"] });
      child = proc;
      logLines = [];
      const echo = opts.echoLog ?? process.env.DEVSERVER_LOG === "1";
      const timer = setTimeout(() => {
        proc.kill("SIGKILL");
        reject(
          new Error(
            `devserver not READY within ${opts.readyTimeoutMs ?? 30000} ms; log:\n${logLines.join("\n")}`,
          ),
        );
      }, opts.readyTimeoutMs ?? 30_000);
      let out = "";
      proc.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
        out += chunk;
        const m = /DEVSERVER READY rcon=(\d+) status=(\d+)(?: management=(\d+))?/.exec(out);
        if (m) {
          clearTimeout(timer);
          ports = { rcon: Number(m[1]), status: Number(m[2]), management: m[3] ? Number(m[3]) : undefined };
          resolve();
        }
      });
      proc.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
        if (echo) process.stderr.write(chunk);
        logLines.push(...chunk.split("\n").filter((l) => l.length > 0));
        if (logLines.length > 200) logLines = logLines.slice(-200);
      });
      proc.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(
          new Error(
            `devserver exited before READY (code ${code}, signal ${signal}); log:\n${logLines.join("\n")}`,
          ),
        );
      });
      proc.once("error", (e) => {
        clearTimeout(timer);
        reject(new Error(`could not start java (is a JDK 17+ installed?): ${e.message}`));
      });
    });

  const end = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return resolve();
      proc.once("exit", () => resolve());
      proc.kill(signal);
    });

  await launch();
  return {
    get rconPort() {
      return ports.rcon;
    },
    get statusPort() {
      return ports.status;
    },
    get managementPort() {
      return ports.management;
    },
    password,
    log: () => logLines.join("\n"),
    stop: () => end("SIGTERM"),
    kill: () => end("SIGKILL"),
    restart: async () => {
      await end("SIGTERM");
      await launch();
    },
    freeze: () => child?.kill("SIGSTOP"),
    thaw: () => child?.kill("SIGCONT"),
  };
}
