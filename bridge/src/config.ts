/**
 * The bridge's configuration: environment variables (and the optional BRIDGE_SERVERS_FILE) in,
 * one typed BridgeConfig out. Pure: every problem is collected into a ConfigError; main.ts prints
 * them and exits non-zero. Every variable is documented in bridge/README.md.
 */
import { readFileSync } from "node:fs";
import {
  CommonEnv,
  ConfigError,
  configProblem,
  env,
  loadEnvConfig,
  redactRedisUrl,
  ServerIdSchema,
} from "@mcp-bridge/shared";
import { z } from "zod";
import { DEFAULT_STREAM_MAXLEN } from "./events/event-store.js";

export const ServerConfigSchema = z.object({
  id: ServerIdSchema,
  rconHost: z.string().min(1),
  rconPort: z.number().int().min(1).max(65535),
  rconPassword: z.string().min(1, "RCON password is required"),
  eventsToken: z.string().min(16, "events token must be at least 16 characters"),
  statusPort: z.number().int().min(1).max(65535).default(25565),
  /** The server's logs/latest.log: events without the mod (log-tail source). */
  logFile: z.string().min(1).optional(),
  /** First start ever: read the existing log from its start (default: only lines written from now on). */
  logFromStart: z.boolean().default(false),
  /** Server Management Protocol (vanilla 1.21.9+): ws:// or wss:// URL and its secret. */
  managementUrl: z
    .string()
    .regex(/^wss?:\/\/\S+$/, "must be a ws:// or wss:// URL")
    .optional(),
  managementSecret: z.string().min(1).optional(),
  /** PEM file of the management server's own (self-signed) certificate, trusted for wss:// only. */
  managementCertFile: z.string().min(1).optional(),
});
export type ServerConfig = z.infer<typeof ServerConfigSchema>;

const { int, optionalInt, text } = env;
const optionalText = env.optionalText();

/** The variables the bridge reads (bridge/README.md). */
export const BridgeEnvSchema = z.object({
  ...CommonEnv,
  BRIDGE_SERVERS_FILE: optionalText,
  MC_SERVER_ID: text("default"),
  MC_RCON_HOST: optionalText,
  MC_RCON_PORT: int(25575, 1),
  MC_RCON_PASSWORD: optionalText,
  MC_EVENTS_TOKEN: optionalText,
  MC_STATUS_PORT: int(25565, 1),
  MC_LOG_FILE: optionalText,
  MC_LOG_FROM_START: env.bool(false),
  MC_MANAGEMENT_URL: optionalText,
  MC_MANAGEMENT_SECRET: optionalText,
  MC_MANAGEMENT_CERT_FILE: optionalText,
  LOG_TAIL_POLL_MS: int(40, 5),
  BRIDGE_NAME: optionalText,
  BRIDGE_HOST: text("127.0.0.1"),
  BRIDGE_PORT: env.port(8080),
  BOARD_USER: optionalText,
  BOARD_PASSWORD: optionalText,
  BOARD_READ_ONLY: env.bool(false),
  EVENTS_STREAM_MAXLEN: int(DEFAULT_STREAM_MAXLEN, 1),
  EVENTS_MAX_FRAME_BYTES: int(65_536, 256),
  EVENTS_HEARTBEAT_MS: int(15_000, 100),
  RCON_TIMEOUT_MS: int(10_000, 1),
  RCON_RECONNECT_ATTEMPTS: optionalInt(0),
  RCON_RECONNECT_BASE_MS: int(500, 1),
  RCON_RECONNECT_MAX_MS: int(15_000, 1),
  BATCH_MAX: int(32, 1),
  RESULT_MAX_BYTES: int(256 * 1024, 1024),
  WORKER_CONCURRENCY: int(64, 1),
  LEASE_TTL_MS: int(5_000, 300),
  JOB_MAX_AGE_MS: int(600_000, 1_000),
});
type BridgeEnv = z.infer<typeof BridgeEnvSchema>;

type Env = Record<string, string | undefined>;
type ReadFile = (path: string) => string;

function serversFromFile(path: string, readFile: ReadFile): ServerConfig[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFile(path));
  } catch (error) {
    throw new ConfigError([`BRIDGE_SERVERS_FILE: cannot read ${path} as JSON (${(error as Error).message})`]);
  }
  const parsed = z.array(ServerConfigSchema).min(1, "must list at least one server").safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `BRIDGE_SERVERS_FILE: [${i.path.join(".") || "(file)"}] ${i.message}`),
    );
  }
  return parsed.data;
}

function singleServer(env: BridgeEnv): ServerConfig[] {
  const parsed = ServerConfigSchema.safeParse({
    id: env.MC_SERVER_ID,
    rconHost: env.MC_RCON_HOST ?? "",
    rconPort: env.MC_RCON_PORT,
    rconPassword: env.MC_RCON_PASSWORD ?? "",
    eventsToken: env.MC_EVENTS_TOKEN ?? "",
    statusPort: env.MC_STATUS_PORT,
    logFile: env.MC_LOG_FILE,
    logFromStart: env.MC_LOG_FROM_START,
    managementUrl: env.MC_MANAGEMENT_URL,
    managementSecret: env.MC_MANAGEMENT_SECRET,
    managementCertFile: env.MC_MANAGEMENT_CERT_FILE,
  });
  if (parsed.success) return [parsed.data];
  const names: Record<string, string> = {
    id: "MC_SERVER_ID",
    rconHost: "MC_RCON_HOST",
    rconPort: "MC_RCON_PORT",
    rconPassword: "MC_RCON_PASSWORD",
    eventsToken: "MC_EVENTS_TOKEN",
    statusPort: "MC_STATUS_PORT",
    logFile: "MC_LOG_FILE",
    managementUrl: "MC_MANAGEMENT_URL",
    managementSecret: "MC_MANAGEMENT_SECRET",
    managementCertFile: "MC_MANAGEMENT_CERT_FILE",
  };
  throw new ConfigError(
    parsed.error.issues.map((i) => {
      const key = names[String(i.path[0])] ?? String(i.path[0]);
      return `${key}: ${i.message} (or set BRIDGE_SERVERS_FILE)`;
    }),
  );
}

/** The servers from BRIDGE_SERVERS_FILE or the MC_* variables, each problem reported to `ctx`. */
function servers(e: BridgeEnv, readFile: ReadFile, ctx: z.RefinementCtx): ServerConfig[] {
  let list: ServerConfig[];
  try {
    list = e.BRIDGE_SERVERS_FILE ? serversFromFile(e.BRIDGE_SERVERS_FILE, readFile) : singleServer(e);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) configProblem(ctx, problem);
    return [];
  }
  const ids = list.map((s) => s.id);
  const dup = ids.find((id, i) => ids.indexOf(id) !== i);
  if (dup) configProblem(ctx, `server id '${dup}' is listed twice`, "BRIDGE_SERVERS_FILE");
  for (const s of list) {
    if (Boolean(s.managementUrl) !== Boolean(s.managementSecret)) {
      configProblem(
        ctx,
        `server '${s.id}': MC_MANAGEMENT_URL and MC_MANAGEMENT_SECRET (managementUrl/managementSecret) go together`,
      );
    }
  }
  return list;
}

/** The variables shaped into the slices each part of the bridge takes; `readFile` reads BRIDGE_SERVERS_FILE. */
function bridgeConfigSchema(readFile: ReadFile) {
  return BridgeEnvSchema.transform((e, ctx) => {
    const serverList = servers(e, readFile, ctx);
    if (e.RCON_RECONNECT_MAX_MS < e.RCON_RECONNECT_BASE_MS) {
      configProblem(ctx, "must be >= RCON_RECONNECT_BASE_MS", "RCON_RECONNECT_MAX_MS");
    }
    if (e.BOARD_USER && !e.BOARD_PASSWORD) {
      configProblem(ctx, "is required when BOARD_USER is set", "BOARD_PASSWORD");
    }
    return {
      redisUrl: e.REDIS_URL,
      redisPrefix: e.REDIS_PREFIX,
      jobSecret: e.JOB_SECRET,
      policyFile: e.POLICY_FILE,
      servers: serverList,
      /** This bridge's name in the lease values and the fleet's members (default: the host name, set in main.ts). */
      name: e.BRIDGE_NAME,
      http: { host: e.BRIDGE_HOST, port: e.BRIDGE_PORT },
      board: { user: e.BOARD_USER, password: e.BOARD_PASSWORD, readOnly: e.BOARD_READ_ONLY },
      events: {
        streamMaxLen: e.EVENTS_STREAM_MAXLEN,
        maxFrameBytes: e.EVENTS_MAX_FRAME_BYTES,
        heartbeatMs: e.EVENTS_HEARTBEAT_MS,
        logTailPollMs: e.LOG_TAIL_POLL_MS,
      },
      rcon: {
        timeoutMs: e.RCON_TIMEOUT_MS,
        reconnectAttempts: e.RCON_RECONNECT_ATTEMPTS ?? Number.POSITIVE_INFINITY,
        reconnectBaseMs: e.RCON_RECONNECT_BASE_MS,
        reconnectMaxMs: e.RCON_RECONNECT_MAX_MS,
      },
      batchMax: e.BATCH_MAX,
      /** Largest answer (JSON bytes) a job keeps in Redis; longer ones are cut and marked. */
      resultMaxBytes: e.RESULT_MAX_BYTES,
      workerConcurrency: e.WORKER_CONCURRENCY,
      leaseTtlMs: e.LEASE_TTL_MS,
      /** Oldest signed job the bridge still runs (ms since its envelope was made); older: JOB_EXPIRED. */
      jobMaxAgeMs: e.JOB_MAX_AGE_MS,
      logLevel: e.LOG_LEVEL,
    };
  });
}
export type BridgeConfig = z.infer<ReturnType<typeof bridgeConfigSchema>>;

/** Builds the config from the environment; throws ConfigError listing every problem. */
export function loadConfig(env: Env, readFile: ReadFile = (p) => readFileSync(p, "utf8")): BridgeConfig {
  return loadEnvConfig(bridgeConfigSchema(readFile), env);
}

/** The config as it may be logged: no passwords, tokens or secrets, Redis credentials masked. */
export function configSummary(config: BridgeConfig) {
  return {
    redisUrl: redactRedisUrl(config.redisUrl),
    redisPrefix: config.redisPrefix,
    policyFile: config.policyFile,
    servers: config.servers.map((s) => ({
      id: s.id,
      rcon: `${s.rconHost}:${s.rconPort}`,
      statusPort: s.statusPort,
      logFile: s.logFile ?? "none",
      management: s.managementUrl ? s.managementUrl.replace(/\/\/[^@/]*@/, "//***@") : "none",
    })),
    name: config.name,
    http: config.http,
    board: { enabled: Boolean(config.board.user), readOnly: config.board.readOnly },
    events: config.events,
    rcon: { ...config.rcon, reconnectAttempts: String(config.rcon.reconnectAttempts) },
    batchMax: config.batchMax,
    resultMaxBytes: config.resultMaxBytes,
    workerConcurrency: config.workerConcurrency,
    leaseTtlMs: config.leaseTtlMs,
    jobMaxAgeMs: config.jobMaxAgeMs,
    logLevel: config.logLevel,
  };
}
