/**
 * Turns what the bridge leaves on a job into protocol errors. In: a failed job's failedReason
 * (`CODE: message`, written by the bridge) and its log (the bridge logs the whole error payload,
 * details included, as `error {...}`), or a JobResult return value. Out: a BridgeError.
 */
import { BridgeError, ERROR_LOG_PREFIX, ErrorPayloadSchema, isErrorCode, JobResultSchema } from "../index.js";

const CODED = /^([A-Z_]+): ([\s\S]*)$/;

export function errorFromFailedReason(reason: string | undefined): BridgeError {
  const text = reason ?? "";
  const match = CODED.exec(text);
  if (match && isErrorCode(match[1])) return new BridgeError(match[1], match[2] ?? "");
  return new BridgeError("SERVER_ERROR", `The bridge failed the job: ${text || "(no reason given)"}`);
}

/**
 * The failed job's error with its details (who is online, whether a write was sent, ...): the last
 * `error {...}` line of the job's log when it is a valid error payload of the failedReason's code,
 * else what the failedReason says.
 */
export function errorFromFailedJob(reason: string | undefined, logs: readonly string[]): BridgeError {
  const fromReason = errorFromFailedReason(reason);
  const line = logs.findLast((l) => l.startsWith(ERROR_LOG_PREFIX));
  if (line === undefined) return fromReason;
  let logged: unknown;
  try {
    logged = JSON.parse(line.slice(ERROR_LOG_PREFIX.length));
  } catch {
    return fromReason;
  }
  const parsed = ErrorPayloadSchema.safeParse(logged);
  if (!parsed.success || parsed.data.code !== fromReason.code) return fromReason;
  return BridgeError.fromPayload({ ...parsed.data, message: fromReason.message });
}

/** The data of a successful job, or the BridgeError a `{success:false}` result or a bad value means. */
export function dataFromReturnValue(value: unknown): unknown {
  let raw = value;
  if (typeof raw === "string") {
    try {
      raw = JSON.parse(raw);
    } catch {
      throw new BridgeError("SERVER_ERROR", "The bridge returned a job result that is not JSON");
    }
  }
  const parsed = JobResultSchema.safeParse(raw);
  if (!parsed.success) {
    throw new BridgeError(
      "SERVER_ERROR",
      "The bridge returned a job result without the {success, data} shape",
    );
  }
  if (!parsed.data.success) {
    const error = parsed.data.error;
    throw error
      ? BridgeError.fromPayload(error)
      : new BridgeError("SERVER_ERROR", "The bridge reported failure without an error");
  }
  return parsed.data.data;
}
