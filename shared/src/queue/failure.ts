/**
 * Turns what the bridge leaves on a job into protocol errors. In: a failed job's failedReason
 * (`CODE: message`, written by the bridge) or a JobResult return value. Out: a BridgeError.
 */
import { BridgeError, isErrorCode, JobResultSchema } from "../index.js";

const CODED = /^([A-Z_]+): ([\s\S]*)$/;

export function errorFromFailedReason(reason: string | undefined): BridgeError {
  const text = reason ?? "";
  const match = CODED.exec(text);
  if (match && isErrorCode(match[1])) return new BridgeError(match[1], match[2] ?? "");
  return new BridgeError("SERVER_ERROR", `The bridge failed the job: ${text || "(no reason given)"}`);
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
