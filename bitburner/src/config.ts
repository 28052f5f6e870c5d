/**
 * The Bitburner MCP server's configuration: a pure `loadConfig(env)` over a zod schema that lists
 * every problem at once (ConfigError). The original design's variable names where they still make sense:
 * BITBURNER_RPC_URL is the address we LISTEN on (the game connects to it).
 */
import {
  CommonEnv,
  configProblem,
  env,
  LOG_LEVELS,
  loadEnvConfig,
  SessionEnv,
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

/** The variables the Bitburner MCP server reads (README, "Bitburner"). */
export const BitburnerEnvSchema = z.object({
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
  BITBURNER_OPS_PORT: env.port(12526),
  RPC_TIMEOUT_MS: env.int(5000, 50, 600_000),
  FILE_WRITE_MAX_BYTES: env.int(1_000_000, 1, 512 * 1024 * 1024),
  MCP_LOG_LEVEL: env.optionalOneOf(LOG_LEVELS),
  LOG_LEVEL: CommonEnv.LOG_LEVEL,
  POLICY_FILE: env.optionalText(),
  MCP_CLIENT_ID: env.optionalText(),
  MCP_HOST: env.text("127.0.0.1"),
  MCP_PORT: env.port(3100),
  MCP_ALLOWED_HOSTS: env.list(),
  MCP_ALLOWED_ORIGINS: env.list(),
  ...SessionEnv,
});

/** The variables shaped into the slices the game link, the transports and the ops server take. */
const BitburnerConfigSchema = BitburnerEnvSchema.transform((e, ctx) => {
  const url = new URL(e.BITBURNER_RPC_URL);
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const secret = url.pathname.replace(/^\/|\/$/g, "") || undefined;
  if (!LOOPBACK.includes(host) && !secret && !e.BITBURNER_ALLOW_REMOTE_GAME) {
    configProblem(
      ctx,
      `listening on ${host} lets anything on the network pose as the game; add a /<secret> path ` +
        "(behind a proxy) or set BITBURNER_ALLOW_REMOTE_GAME=true",
      "BITBURNER_RPC_URL",
    );
  }
  for (const origin of e.BITBURNER_ALLOWED_ORIGINS.filter((o) => !ORIGIN.test(o))) {
    configProblem(
      ctx,
      `'${origin}' is not an origin; write scheme://host[:port] with no path or ` +
        "trailing '/' (e.g. https://bitburner-official.github.io), or file://, null, *",
      "BITBURNER_ALLOWED_ORIGINS",
    );
  }
  if (e.POLICY_FILE && !e.MCP_CLIENT_ID) {
    configProblem(
      ctx,
      "must name a client of POLICY_FILE (the identity of the stdio session)",
      "MCP_CLIENT_ID",
    );
  }
  if (!LOOPBACK.includes(e.MCP_HOST) && e.MCP_ALLOWED_HOSTS.length === 0) {
    configProblem(
      ctx,
      `must list the host names clients use when MCP_HOST (${e.MCP_HOST}) is not loopback`,
      "MCP_ALLOWED_HOSTS",
    );
  }
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
    /** stdio identity: a client of the policy file; "local" (every tool) when there is no policy. */
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
});
export type BitburnerConfig = z.infer<typeof BitburnerConfigSchema>;

export function loadConfig(source: Record<string, string | undefined>): BitburnerConfig {
  return loadEnvConfig(BitburnerConfigSchema, source);
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
