/**
 * The MCP server's configuration: a pure `loadConfig(env)` over a zod schema that lists every
 * problem at once (ConfigError). Built once in main.ts and passed down.
 */
import {
  CommonEnv,
  configProblem,
  EVENT_TYPES,
  env,
  loadEnvConfig,
  redactRedisUrl,
  redisUrl,
  ServerIdSchema,
  SessionEnv,
  sessionLimits,
} from "@mcp-bridge/shared";
import { z } from "zod";

/** The variables the MCP server reads (docs/configuration.md). */
export const McpEnvSchema = z.object({
  ...CommonEnv,
  REDIS_URL: redisUrl("redis://127.0.0.1:6379"),
  MCP_SERVERS: env.list(["default"]).pipe(z.array(ServerIdSchema)),
  MCP_HOST: env.text("127.0.0.1"),
  MCP_PORT: env.port(3000),
  MCP_ALLOWED_HOSTS: env.list(),
  MCP_ALLOWED_ORIGINS: env.list(),
  ...SessionEnv,
  MCP_CLIENT_ID: env.optionalText(),
  MCP_EVENT_TYPES: env.list().pipe(z.array(z.enum(EVENT_TYPES))),
  MCP_EVENT_PLAYERS: env.list(),
  JOB_TIMEOUT_MS: env.int(30_000, 100, 600_000),
  JOB_ATTEMPTS: env.int(5, 1, 50),
  JOB_KEEP_COMPLETED_S: env.int(3600, 0),
  JOB_KEEP_FAILED_S: env.int(7 * 24 * 3600, 0),
});

const LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]"];

/** The variables shaped into the slices the runtime and the transports take. */
const McpConfigSchema = McpEnvSchema.transform((e, ctx) => {
  if (!["127.0.0.1", "localhost", "::1"].includes(e.MCP_HOST) && e.MCP_ALLOWED_HOSTS.length === 0) {
    configProblem(
      ctx,
      `must list the host names clients use when MCP_HOST (${e.MCP_HOST}) is not loopback`,
      "MCP_ALLOWED_HOSTS",
    );
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
      allowedHosts: e.MCP_ALLOWED_HOSTS.length > 0 ? e.MCP_ALLOWED_HOSTS : LOOPBACK_HOSTS,
      allowedOrigins: e.MCP_ALLOWED_ORIGINS,
      /** Session caps and timeouts (docs/security.md, "MCP HTTP sessions"). */
      sessions: sessionLimits(e),
    },
    stdio: {
      clientId: e.MCP_CLIENT_ID,
      eventTypes: e.MCP_EVENT_TYPES,
      eventPlayers: e.MCP_EVENT_PLAYERS,
    },
    jobTimeoutMs: e.JOB_TIMEOUT_MS,
    /** Upper bound of attempts per job and how long finished jobs stay inspectable (Bull Board, get_job). */
    jobRetention: {
      attempts: e.JOB_ATTEMPTS,
      completedAgeS: e.JOB_KEEP_COMPLETED_S,
      failedAgeS: e.JOB_KEEP_FAILED_S,
    },
    logLevel: e.LOG_LEVEL,
  };
});
export type McpConfig = z.infer<typeof McpConfigSchema>;

export function loadConfig(env: Record<string, string | undefined>): McpConfig {
  return loadEnvConfig(McpConfigSchema, env);
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
