/**
 * The Bitburner MCP server's configuration: a pure `loadConfig(env)` over a zod schema that lists
 * every problem at once (ConfigError). The original design's variable names where they still make sense:
 * BITBURNER_RPC_URL is the address we LISTEN on (the game connects to it).
 */
import {
  CommonEnv,
  ConfigError,
  env,
  LOG_LEVELS,
  loadEnvConfig,
  SessionEnv,
  type SessionLimits,
  sessionLimits,
} from "@mcp-bridge/shared";
import { z } from "zod";

const LOOPBACK = ["127.0.0.1", "localhost", "::1", "[::1]"];

/**
 * Origins of the game's web build and of its Steam build. The Steam build is Electron loading
 * index.html with loadFile, and its WebSockets send `Origin: file://`, so file:// must stay for
 * Steam players: reaching it takes a local HTML file the player opens, not a visit to a site.
 * "null" is not here: every sandboxed iframe and data: URL on any site sends it. A self-hosted build
 * (or a browser that sends "null" for a local file) is an explicit BITBURNER_ALLOWED_ORIGINS entry.
 */
export const GAME_ORIGINS = ["https://bitburner-official.github.io", "file://"];

/** An exact Origin value: scheme://host[:port] with no path, or the two special values. */
const ORIGIN = /^(\*|null|file:\/\/|[a-z][a-z0-9+.-]*:\/\/[^/\s]+)$/;

const EnvSchema = z.object({
  BITBURNER_RPC_URL: env.text("ws://127.0.0.1:12525").pipe(
    z.string().regex(/^ws:\/\/(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):\d{1,5}(\/[A-Za-z0-9_-]{16,128})?\/?$/, {
      error: "must be ws://<host>:<port> with an optional /<secret> of 16-128 characters [A-Za-z0-9_-]",
    }),
  ),
  BITBURNER_ALLOW_REMOTE_GAME: env.bool(false),
  BITBURNER_ALLOWED_ORIGINS: env.list(),
  BITBURNER_GRACE_MS: env.int(5000, 0, 600_000),
  BITBURNER_MAX_PAYLOAD_BYTES: env.int(64 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
  BITBURNER_OPS_HOST: env.text("127.0.0.1"),
  BITBURNER_OPS_PORT: env.int(12526, 0, 65_535),
  RPC_TIMEOUT_MS: env.int(5000, 50, 600_000),
  FILE_WRITE_MAX_BYTES: env.int(1_000_000, 1, 512 * 1024 * 1024),
  MCP_LOG_LEVEL: env.optionalText().pipe(z.enum(LOG_LEVELS).optional()),
  LOG_LEVEL: CommonEnv.LOG_LEVEL,
  POLICY_FILE: env.optionalText(),
  MCP_CLIENT_ID: env.optionalText(),
  MCP_HOST: env.text("127.0.0.1"),
  MCP_PORT: env.int(3100, 0, 65_535),
  MCP_ALLOWED_HOSTS: env.list(),
  MCP_ALLOWED_ORIGINS: env.list(),
  ...SessionEnv,
});

export interface BitburnerConfig {
  game: {
    host: string;
    port: number;
    pathSecret: string | undefined;
    allowedOrigins: string[];
    graceMs: number;
    timeoutMs: number;
    maxPayloadBytes: number;
  };
  fileWriteMaxBytes: number;
  policyFile: string | undefined;
  /** stdio identity: a client of the policy file; "local" (every tool) when there is no policy. */
  clientId: string;
  http: {
    host: string;
    port: number;
    allowedHosts: string[];
    allowedOrigins: string[];
    maxBodyBytes: number;
    sessions: SessionLimits;
  };
  ops: { host: string; port: number };
  logLevel: string;
}

export function loadConfig(source: Record<string, string | undefined>): BitburnerConfig {
  const e = loadEnvConfig(EnvSchema, source);
  const url = new URL(e.BITBURNER_RPC_URL);
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const secret = url.pathname.replace(/^\/|\/$/g, "") || undefined;
  const problems: string[] = [];
  if (!LOOPBACK.includes(host) && !secret && !e.BITBURNER_ALLOW_REMOTE_GAME) {
    problems.push(
      `BITBURNER_RPC_URL: listening on ${host} lets anything on the network pose as the game; add a /<secret> path ` +
        "(behind a proxy) or set BITBURNER_ALLOW_REMOTE_GAME=true",
    );
  }
  for (const origin of e.BITBURNER_ALLOWED_ORIGINS.filter((o) => !ORIGIN.test(o))) {
    problems.push(
      `BITBURNER_ALLOWED_ORIGINS: '${origin}' is not an origin; write scheme://host[:port] with no path or ` +
        "trailing '/' (e.g. https://bitburner-official.github.io), or file://, null, *",
    );
  }
  if (e.POLICY_FILE && !e.MCP_CLIENT_ID) {
    problems.push("MCP_CLIENT_ID: must name a client of POLICY_FILE (the identity of the stdio session)");
  }
  if (!LOOPBACK.includes(e.MCP_HOST) && e.MCP_ALLOWED_HOSTS.length === 0) {
    problems.push(
      `MCP_ALLOWED_HOSTS: must list the host names clients use when MCP_HOST (${e.MCP_HOST}) is not loopback`,
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    game: {
      host,
      port: Number(url.port),
      pathSecret: secret,
      allowedOrigins: e.BITBURNER_ALLOWED_ORIGINS.length > 0 ? e.BITBURNER_ALLOWED_ORIGINS : GAME_ORIGINS,
      graceMs: e.BITBURNER_GRACE_MS,
      timeoutMs: e.RPC_TIMEOUT_MS,
      maxPayloadBytes: e.BITBURNER_MAX_PAYLOAD_BYTES,
    },
    fileWriteMaxBytes: e.FILE_WRITE_MAX_BYTES,
    policyFile: e.POLICY_FILE,
    clientId: e.MCP_CLIENT_ID ?? "local",
    http: {
      host: e.MCP_HOST,
      port: e.MCP_PORT,
      allowedHosts:
        e.MCP_ALLOWED_HOSTS.length > 0 ? e.MCP_ALLOWED_HOSTS : ["127.0.0.1", "localhost", "[::1]"],
      allowedOrigins: e.MCP_ALLOWED_ORIGINS,
      maxBodyBytes: httpBodyLimit(e.FILE_WRITE_MAX_BYTES),
      sessions: sessionLimits(e),
    },
    ops: { host: e.BITBURNER_OPS_HOST, port: e.BITBURNER_OPS_PORT },
    logLevel: e.MCP_LOG_LEVEL ?? e.LOG_LEVEL,
  };
}

/** A write_file request may carry the largest allowed content JSON-escaped (up to 6 bytes per byte). */
export function httpBodyLimit(fileWriteMaxBytes: number): number {
  return fileWriteMaxBytes * 6 + 64 * 1024;
}

/** The startup log's view: everything but the path secret. */
export function configSummary(config: BitburnerConfig): Record<string, unknown> {
  const { pathSecret, ...game } = config.game;
  return { ...config, game: { ...game, pathSecret: pathSecret ? "[set]" : "none" } };
}
