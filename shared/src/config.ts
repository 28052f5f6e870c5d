/**
 * Config helpers: a zod schema over the environment, every problem listed at once.
 * `loadEnvConfig` is pure (throws ConfigError); `loadConfigOrExit` prints and exits non-zero.
 * A service's config type is `z.infer` of its schema: the schema parses the variables and its
 * transform shapes them into the slices main.ts hands to each part, so nothing is declared twice.
 */
import { z } from "zod";
import { parseClusterUrl, parseSentinelUrl } from "./redis/connect.js";

export class ConfigError extends Error {
  override readonly name = "ConfigError";
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

export function loadEnvConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) =>
    issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message,
  );
  throw new ConfigError(problems);
}

/**
 * A problem found after the variables parsed (two that must go together, a file they name):
 * reported like the others by loadEnvConfig. `key` names the variable; without it the message
 * stands alone.
 */
export function configProblem(ctx: z.RefinementCtx, message: string, key?: string): void {
  ctx.addIssue({ code: "custom", message, path: key === undefined ? [] : [key] });
}

export function loadConfigOrExit<T>(load: () => T, exit: (code: number) => never = process.exit): T {
  try {
    return load();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return exit(2);
    }
    throw error;
  }
}

export function envList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The configuration kit: one definition of each env field shape and of every setting that two
 * processes must agree on, so no package spells a rule differently (e.g. REDIS_PREFIX's length).
 * Every field reads a value that is empty or only spaces as "not set" (as shells and compose files
 * write an unset variable), so its default applies: `MCP_PORT=""` is the default port, never 0.
 */
const unset = (v: unknown) => v === undefined || (typeof v === "string" && v.trim() === "");

/** `schema` over the variable's value, or over `fallback` when it is not set. */
const orDefault = <T extends z.ZodType>(fallback: unknown, schema: T) =>
  z.preprocess((v) => (unset(v) ? fallback : v), schema);

const integer = (min: number, max: number) =>
  z.number({ error: "must be an integer" }).int("must be an integer").min(min).max(max);
const toNumber = (v: unknown) => (v === undefined ? undefined : Number(v));
const int = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  orDefault(fallback, z.preprocess(toNumber, integer(min, max)));

export const env = {
  int,
  optionalInt: (min = 0, max = Number.MAX_SAFE_INTEGER) =>
    orDefault(undefined, z.preprocess(toNumber, integer(min, max).optional())),
  /** A TCP port to listen on; 0 asks the system for a free one. */
  port: (fallback: number) => int(fallback, 0, 65_535),
  text: (fallback: string) => orDefault(fallback, z.string()),
  optionalText: () => orDefault(undefined, z.string().optional()),
  /** A variable without a default: unset (or empty) is the problem `message` describes. */
  required: (message: string) => orDefault(undefined, z.string({ error: message })),
  /** 1/true/yes/on (any case) is true, anything else false; unset: `fallback`. */
  bool: (fallback: boolean) =>
    orDefault(undefined, z.string().optional()).transform((v) =>
      v === undefined ? fallback : /^(1|true|yes|on)$/i.test(v.trim()),
    ),
  /** Comma-separated, blanks dropped; unset (or only commas and spaces): `fallback`. */
  list: (fallback: string[] = []) =>
    orDefault(undefined, z.string().optional()).transform((v) => {
      const items = envList(v);
      return items.length > 0 ? items : fallback;
    }),
  /** An http:// or https:// URL. */
  httpUrl: (fallback: string) =>
    orDefault(fallback, z.string().regex(/^https?:\/\/\S+$/, "must be an http(s):// URL")),
  oneOf: <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
    orDefault(fallback, z.enum(values)),
  optionalOneOf: <const T extends readonly [string, ...string[]]>(values: T) =>
    orDefault(undefined, z.enum(values).optional()),
};

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** REDIS_URL, required unless a fallback is given: one Redis, Sentinels or a Cluster (shared/src/redis/connect.ts). */
export function redisUrl(fallback?: string) {
  const url = z
    .string({ error: "is required (e.g. redis://127.0.0.1:6379)" })
    .regex(/^(rediss?|redis\+sentinel|redis\+cluster):\/\/\S+$/, {
      error:
        "must be a redis://, rediss://, redis+sentinel://host:port,host:port/<master name> or redis+cluster://host:port,host:port URL",
    })
    .superRefine((value, ctx) => {
      for (const [scheme, parse] of [
        ["redis+sentinel", parseSentinelUrl],
        ["redis+cluster", parseClusterUrl],
      ] as const) {
        try {
          parse(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: `is a ${scheme}:// URL that ${(error as Error).message}` });
        }
      }
    });
  return orDefault(fallback, url);
}

/** Fields every process that talks to the queue or the event streams reads the same way. */
export const CommonEnv = {
  REDIS_URL: redisUrl(),
  REDIS_PREFIX: env
    .text("mcpb")
    .pipe(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "must be 1-64 of [A-Za-z0-9_-]")),
  JOB_SECRET: env.required("is required: the job signing secret shared by the bridge and its producers").pipe(
    z
      .string()
      .min(16, "must be at least 16 characters (the same value as the bridge's JOB_SECRET)")
      .refine((v) => !/[<>\s]/.test(v), {
        error:
          "looks like a placeholder (it contains <, > or spaces): copy the bridge's JOB_SECRET, e.g. from .run/secrets.env",
      }),
  ),
  POLICY_FILE: env.required("is required: path of the policy JSON file (shared with the bridge)"),
  LOG_LEVEL: env.oneOf(LOG_LEVELS, "info"),
};

/** A Redis URL as it may be logged: the password masked. */
export function redactRedisUrl(url: string): string {
  return url
    .replace(
      /\/\/([^@/]*)@/,
      (_, cred: string) => `//${cred.includes(":") ? `${cred.split(":")[0]}:***` : "***"}@`,
    )
    .replace(/([?&]sentinelPassword=)[^&]*/g, "$1***");
}

/**
 * The session limits of a Streamable HTTP MCP server (both MCP servers read the same names;
 * docs/configuration.md); the same defaults as DEFAULT_SESSION_LIMITS (shared/src/mcp/http-sessions.ts).
 */
export const SessionEnv = {
  MCP_SESSIONS_MAX: env.int(1024, 1, 1_000_000),
  MCP_SESSIONS_PER_CLIENT: env.int(128, 1, 1_000_000),
  MCP_SESSION_UNUSED_TIMEOUT_S: env.int(60, 1, 86_400),
  MCP_SESSION_IDLE_TIMEOUT_S: env.int(1800, 1, 7 * 86_400),
};

/** The caps and timeouts of HTTP sessions (enforced by shared/src/mcp/http-sessions.ts). */
export interface SessionLimits {
  /** Open sessions per process. */
  total: number;
  /** Open sessions per policy client. */
  perClient: number;
  /** A session that made no call after initialize closes after this long. */
  unusedMs: number;
  /** Any session closes after this long without a request. */
  idleMs: number;
}

export function sessionLimits(e: {
  MCP_SESSIONS_MAX: number;
  MCP_SESSIONS_PER_CLIENT: number;
  MCP_SESSION_UNUSED_TIMEOUT_S: number;
  MCP_SESSION_IDLE_TIMEOUT_S: number;
}): SessionLimits {
  return {
    total: e.MCP_SESSIONS_MAX,
    perClient: e.MCP_SESSIONS_PER_CLIENT,
    unusedMs: e.MCP_SESSION_UNUSED_TIMEOUT_S * 1000,
    idleMs: e.MCP_SESSION_IDLE_TIMEOUT_S * 1000,
  };
}
