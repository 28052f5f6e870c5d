/**
 * The MCP server's configuration: a pure `loadConfig(env)` over a zod schema that lists every
 * problem at once (ConfigError). Built once in main.ts and passed down.
 */
import {
  CommonEnv,
  ConfigError,
  EVENT_TYPES,
  env,
  envList,
  loadEnvConfig,
  redactRedisUrl,
  redisUrl,
  ServerIdSchema,
  SessionEnv,
  type SessionLimits,
  sessionLimits,
} from "@mcp-bridge/shared";
import { z } from "zod";

const EnvSchema = z.object({
  ...CommonEnv,
  REDIS_URL: redisUrl("redis://127.0.0.1:6379"),
  MCP_SERVERS: z
    .string()
    .default("default")
    .transform((v) => envList(v))
    .pipe(z.array(ServerIdSchema).min(1, "must name at least one Minecraft server id")),
  MCP_HOST: z.string().min(1).default("127.0.0.1"),
  MCP_PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  MCP_ALLOWED_HOSTS: env.list(),
  MCP_ALLOWED_ORIGINS: env.list(),
  ...SessionEnv,
  MCP_CLIENT_ID: z.string().optional(),
  MCP_EVENT_TYPES: env.list().pipe(z.array(z.enum(EVENT_TYPES))),
  MCP_EVENT_PLAYERS: env.list(),
  JOB_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  JOB_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(5),
  JOB_KEEP_COMPLETED_S: z.coerce.number().int().min(0).default(3600),
  JOB_KEEP_FAILED_S: z.coerce
    .number()
    .int()
    .min(0)
    .default(7 * 24 * 3600),
});

export interface McpConfig {
  redisUrl: string;
  redisPrefix: string;
  jobSecret: string;
  policyFile: string;
  servers: string[];
  http: {
    host: string;
    port: number;
    allowedHosts: string[];
    allowedOrigins: string[];
    /** Session caps and timeouts (docs/security.md, "MCP HTTP sessions"). */
    sessions: SessionLimits;
  };
  stdio: { clientId: string | undefined; eventTypes: string[]; eventPlayers: string[] };
  jobTimeoutMs: number;
  /** Upper bound of attempts per job and how long finished jobs stay inspectable (Bull Board, get_job). */
  jobRetention: { attempts: number; completedAgeS: number; failedAgeS: number };
  logLevel: string;
}

const LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]"];

export function loadConfig(env: Record<string, string | undefined>): McpConfig {
  const e = loadEnvConfig(EnvSchema, env);
  const allowedHosts = e.MCP_ALLOWED_HOSTS.length > 0 ? e.MCP_ALLOWED_HOSTS : LOOPBACK_HOSTS;
  if (!["127.0.0.1", "localhost", "::1"].includes(e.MCP_HOST) && e.MCP_ALLOWED_HOSTS.length === 0) {
    throw new ConfigError([
      `MCP_ALLOWED_HOSTS: must list the host names clients use when MCP_HOST (${e.MCP_HOST}) is not loopback`,
    ]);
  }
  return {
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    jobSecret: e.JOB_SECRET,
    policyFile: e.POLICY_FILE,
    servers: e.MCP_SERVERS,
    http: {
      host: e.MCP_HOST,
      port: e.MCP_PORT,
      allowedHosts,
      allowedOrigins: e.MCP_ALLOWED_ORIGINS,
      sessions: sessionLimits(e),
    },
    stdio: { clientId: e.MCP_CLIENT_ID, eventTypes: e.MCP_EVENT_TYPES, eventPlayers: e.MCP_EVENT_PLAYERS },
    jobTimeoutMs: e.JOB_TIMEOUT_MS,
    jobRetention: {
      attempts: e.JOB_ATTEMPTS,
      completedAgeS: e.JOB_KEEP_COMPLETED_S,
      failedAgeS: e.JOB_KEEP_FAILED_S,
    },
    logLevel: e.LOG_LEVEL,
  };
}

/** What the startup log prints: everything but secrets, and the Redis URL without its password. */
export function configSummary(config: McpConfig): Record<string, unknown> {
  return {
    redisUrl: redactRedisUrl(config.redisUrl),
    redisPrefix: config.redisPrefix,
    policyFile: config.policyFile,
    servers: config.servers,
    http: config.http,
    stdio: config.stdio,
    jobTimeoutMs: config.jobTimeoutMs,
    jobRetention: config.jobRetention,
    logLevel: config.logLevel,
  };
}
