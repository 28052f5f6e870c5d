/**
 * The `details` of each error code. The typed fields carry behaviour: retries read `sent` and
 * `mayHaveRun`, hints read `online`, `retryAfterS` and `jobId`, callers fix the named `field`. Other
 * keys are diagnostics for people (an answer's text, a preview) and pass through unchecked.
 * The mod's Java tests hold its error details to the examples in shared/vectors/error.json.
 */
import { z } from "zod";
import type { ErrorCode } from "../errors.js";

/** What any failure may say about a request: whether it reached the server, and why it was refused. */
const BaseDetailsSchema = z.looseObject({
  /** false = the request was never written to the server (a write is safe to retry). */
  sent: z.union([z.boolean(), z.literal("unknown")]).optional(),
  /** true = a write may have run although it failed; it is not retried. */
  mayHaveRun: z.boolean().optional(),
  problems: z.array(z.string()).optional(),
  /** "mod": the Minecraft server's mod produced this error (its config applies, not the policy). */
  reportedBy: z.literal("mod").optional(),
});

/** The message or argument field that is wrong, and why (as validate.ts and the mod name it). */
const FieldDetailsSchema = BaseDetailsSchema.extend({
  field: z.string().optional(),
  reason: z.string().optional(),
});

export const ERROR_DETAILS_SCHEMAS = {
  AUTH_FAILED: BaseDetailsSchema.extend({
    /** Which secret was refused, so the hint names the one to fix. */
    credential: z.enum(["bearer_token", "job_secret", "rcon_password", "events_token"]).optional(),
  }),
  PERMISSION_DENIED: BaseDetailsSchema.extend({ command: z.string().optional() }),
  INVALID_COMMAND: BaseDetailsSchema.extend({
    command: z.string().optional(),
    /** The command's result (0 when it failed) and the lines it printed. */
    result: z.number().int().optional(),
    output: z.array(z.string()).optional(),
  }),
  PLAYER_NOT_FOUND: BaseDetailsSchema.extend({
    player: z.string().optional(),
    command: z.string().optional(),
    /** Who IS online, when the producer knew it (mod and vanilla mode alike). */
    online: z.array(z.string()).optional(),
  }),
  CONNECTION_ERROR: BaseDetailsSchema,
  SCHEMA_ERROR: FieldDetailsSchema.extend({ supported: z.array(z.string()).optional() }),
  SERVER_ERROR: BaseDetailsSchema.extend({ command: z.string().optional() }),
  TIMEOUT: BaseDetailsSchema.extend({
    /** The queued job that may still run: ask get_job instead of resending. */
    jobId: z.string().optional(),
    timeoutMs: z.number().int().nonnegative().optional(),
  }),
  INVALID_ARGS: FieldDetailsSchema.extend({ max: z.number().optional() }),
  UNSUPPORTED: BaseDetailsSchema.extend({
    operation: z.string().optional(),
    mode: z.enum(["mod", "vanilla"]).optional(),
  }),
  RATE_LIMITED: BaseDetailsSchema.extend({ retryAfterS: z.number().nonnegative().optional() }),
  JOB_EXPIRED: BaseDetailsSchema.extend({ ageMs: z.number().optional(), maxAgeMs: z.number().optional() }),
  JOB_REPLAYED: BaseDetailsSchema,
} satisfies Record<ErrorCode, z.ZodType>;

export type ErrorDetails<C extends ErrorCode = ErrorCode> = z.infer<(typeof ERROR_DETAILS_SCHEMAS)[C]>;

/**
 * The typed details of an error of `code`. Details that break the code's schema carry no behaviour:
 * they read as empty (so, e.g., a write whose `sent` is not a boolean is not retried).
 */
export function errorDetails<C extends ErrorCode>(code: C, details: unknown): ErrorDetails<C> {
  const parsed = ERROR_DETAILS_SCHEMAS[code].safeParse(details ?? {});
  return (parsed.success ? parsed.data : {}) as ErrorDetails<C>;
}
