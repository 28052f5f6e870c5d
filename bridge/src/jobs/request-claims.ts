/**
 * Single use of signed writes. In: a parsed request (its id and its signed timestamp), the BullMQ
 * job carrying it and the mode it would run in. Out: JOB_EXPIRED when the envelope is older than the
 * maximum age (or dated further ahead than that: a wrong clock on the producer's host); otherwise
 * the write runs once, and every later job carrying the same request id gets the first run's answer
 * (`replay: true`) or, when that run's outcome is unknown, JOB_REPLAYED.
 *
 * The claim is one Redis hash per REQUEST id (the signed envelope id; nothing about the BullMQ job,
 * whose id and timestamp anyone with Redis access can reproduce), kept at least as long as this
 * bridge would still accept the envelope, in one of three states:
 * - `running`: a job took it and may have sent it. A failure that provably never reached the server
 *   (`details.sent === false`) deletes it again, so a retry after an outage runs the write;
 * - `unknown`: the run failed after the command may have reached the server (the error is kept);
 * - `done`: the run finished; its answer is kept and is the answer of every later job.
 * So a copy under another job id, a retry of the completed job (Bull Board's button), or the job
 * re-added under its own id after removal never runs the write again, in mod and vanilla mode alike.
 * `running` and `unknown` refuse a new run, except in mod mode when the earlier run was sent in mod
 * mode too: the mod's journal, keyed by the same request id, answers it (a stalled job re-run by the
 * next lease owner). Every transition is one Lua script, so two workers never both take a claim.
 * Only writes are claimed (the job processor): a read changes nothing and may run again.
 */
import { randomUUID } from "node:crypto";
import { BridgeError, errorDetails, type RedisConnection, redisKeys, runScript } from "@mcp-bridge/shared";
import { CLAIM_REQUEST, FINISH_REQUEST, SETTLE_REQUEST } from "../lua/index.js";
import type { ExecutionResult } from "./job-processor.js";
import type { Mode } from "./mod-command.js";

/** Extra claim lifetime beyond the envelope's acceptance window, for clock skew between bridges. */
export const CLAIM_MARGIN_MS = 60_000;

export interface ClaimedRun {
  /** The BullMQ job id, for messages and logs. */
  jobId: string | undefined;
  /** The server's mode when the run starts (undefined: not connected). */
  mode: Mode | undefined;
}

/** What runOnce answers: the run's result, or the first run's (`replay: true`, `firstJobId`). */
export interface OnceResult extends ExecutionResult {
  firstJobId?: string;
}

export interface RequestClaimsOptions {
  redis: RedisConnection;
  prefix: string;
  maxAgeMs: number;
  now?: () => number;
}

type Request = { id: string; timestamp: number };

export class RequestClaims {
  private readonly now: () => number;

  constructor(private readonly options: RequestClaimsOptions) {
    this.now = options.now ?? Date.now;
  }

  /** JOB_EXPIRED unless the envelope's timestamp is within the maximum age of now (either way). */
  checkAge(request: Request): void {
    const { maxAgeMs } = this.options;
    const ageMs = this.now() - request.timestamp;
    if (ageMs > maxAgeMs) {
      throw new BridgeError(
        "JOB_EXPIRED",
        `Request '${request.id}' was made ${Math.round(ageMs / 1000)} s ago, longer than the bridge's JOB_MAX_AGE_MS (${maxAgeMs} ms) allows, so it was not run (a queued job outlived an outage, or an old job was re-queued); check the game state and send the request again if it is still wanted`,
        { details: { ageMs, maxAgeMs } },
      );
    }
    if (-ageMs > maxAgeMs) {
      throw new BridgeError(
        "JOB_EXPIRED",
        `Request '${request.id}' is dated ${Math.round(-ageMs / 1000)} s in the future, more than the bridge's JOB_MAX_AGE_MS (${maxAgeMs} ms); the clocks of the MCP server's and the bridge's hosts disagree: fix them (NTP)`,
        { details: { ageMs, maxAgeMs } },
      );
    }
  }

  /**
   * Runs `execute` unless the request id already ran: then answers with the first run's result, or
   * throws JOB_REPLAYED when that run's outcome is unknown. Records the outcome for later jobs.
   */
  async runOnce(
    request: Request,
    run: ClaimedRun,
    execute: () => Promise<ExecutionResult>,
  ): Promise<OnceResult> {
    const key = redisKeys(this.options.prefix).requestClaim(request.id);
    const token = randomUUID();
    let reply: string[];
    try {
      reply = (await runScript(
        this.options.redis,
        CLAIM_REQUEST,
        [key],
        [token, String(run.jobId), run.mode ?? "none", this.ttl(request)],
      )) as string[];
    } catch (error) {
      throw new BridgeError(
        "CONNECTION_ERROR",
        `Could not record request '${request.id}' in Redis before running it: ${(error as Error).message}`,
        { details: { sent: false }, cause: error },
      );
    }
    const [state, firstJobId = "", outcome = ""] = reply;
    if (state === "done")
      return { data: parseOutcome(request.id, firstJobId, outcome), replay: true, firstJobId };
    if (state !== "claimed" && state !== "resumed")
      throw replayed(request.id, run.jobId, state, firstJobId, outcome);

    let result: ExecutionResult;
    try {
      result = await execute();
    } catch (thrown) {
      const error = BridgeError.from(thrown);
      const notSent = errorDetails(error.code, error.details).sent === false;
      // A resumed claim was sent before: a failure of this run before sending leaves it in doubt.
      const action = notSent && state === "claimed" ? "release" : "unknown";
      const stored = notSent ? "" : JSON.stringify({ code: error.code, message: error.message });
      await runScript(this.options.redis, SETTLE_REQUEST, [key], [token, action, stored]).catch(
        () => undefined,
      );
      throw thrown;
    }
    // The write ran: a Redis failure here only leaves the claim `running`, which refuses later
    // copies with JOB_REPLAYED instead of answering them, so it does not fail the job.
    const answer = JSON.stringify(result.data ?? null);
    await runScript(
      this.options.redis,
      FINISH_REQUEST,
      [key],
      [answer, String(run.jobId), this.ttl(request)],
    ).catch(() => undefined);
    return result;
  }

  /** Until this bridge would refuse the envelope by age, plus a margin for other bridges' clocks. */
  private ttl(request: Request): string {
    const { maxAgeMs } = this.options;
    const ttlMs = Math.max(maxAgeMs, request.timestamp + maxAgeMs - this.now()) + CLAIM_MARGIN_MS;
    return String(Math.ceil(ttlMs));
  }
}

function parseOutcome(requestId: string, firstJobId: string, outcome: string): unknown {
  try {
    return JSON.parse(outcome);
  } catch {
    throw new BridgeError(
      "JOB_REPLAYED",
      `Request '${requestId}' already ran as job '${firstJobId}', but its stored answer cannot be read; it is not run again: look at job '${firstJobId}' for its result`,
      { details: { requestId, claimedBy: firstJobId, state: "done" } },
    );
  }
}

function replayed(
  requestId: string,
  jobId: string | undefined,
  state: string | undefined,
  firstJobId: string,
  outcome: string,
): BridgeError {
  const details = { requestId, claimedBy: firstJobId, jobId, state, mayHaveRun: true };
  const advice = `so job '${jobId}' does not run it again: check the game state and send a new request if it is still wanted`;
  if (state === "unknown") {
    let failure = "an error";
    try {
      const error = JSON.parse(outcome) as { code: string; message: string };
      failure = `${error.code}: ${error.message}`;
    } catch {
      // the stored error is unreadable; the message still says what matters
    }
    return new BridgeError(
      "JOB_REPLAYED",
      `Request '${requestId}' already reached the server as job '${firstJobId}', which failed with ${failure}; it may have taken effect, ${advice}`,
      { details },
    );
  }
  return new BridgeError(
    "JOB_REPLAYED",
    `Request '${requestId}' was started by job '${firstJobId}' and its outcome is not known (that run is still going, or the bridge running it stopped mid-job); without the mod's journal it may or may not have reached the server, ${advice}`,
    { details },
  );
}
