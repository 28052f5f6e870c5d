/**
 * The BullMQ processor of one server's command queue. In: a job whose data is a signed
 * {serverId, envelope, client}. Out: the job's return value, a JobResult `{success: true, data}`,
 * or a thrown error: UnrecoverableError("CODE: message") when retrying cannot help or is unsafe,
 * a plain Error("CODE: message") when BullMQ should retry. The full error payload is also written
 * to the job's log as JSON (`error {...}`), so producers and Bull Board can read code and details.
 * Order: signature (AUTH_FAILED) -> schema (SCHEMA_ERROR / INVALID_ARGS) -> age (JOB_EXPIRED) ->
 * policy with the job's client (PERMISSION_DENIED; docs/properties.md, #19) -> run on the server; a
 * write runs once per signed request id (RequestClaims: a later job gets the first result, or
 * JOB_REPLAYED when that run's outcome is unknown; reads are safe to repeat and skip the claim).
 */
import {
  BridgeError,
  ERROR_LOG_PREFIX,
  isOperation,
  isWriteOperation,
  type JobResult,
  type Logger,
  type Operation,
  type PolicyStore,
  parseRequest,
  REDACTED_KEYS,
  type RequestMessage,
  requestOperation,
  verifyJob,
} from "@mcp-bridge/shared";
import { type Job, UnrecoverableError } from "bullmq";
import type { Mode } from "./mod-command.js";
import type { ClaimedRun } from "./request-claims.js";
import { decideFailure, failureMessage } from "./retry-policy.js";

export interface ExecutionResult {
  data: unknown;
  replay: boolean;
}

/** Runs a validated request on the server in its current mode (implemented by the server runtime). */
export interface RequestExecutor {
  readonly mode: Mode | undefined;
  execute(request: RequestMessage, op: Operation): Promise<ExecutionResult>;
}

/**
 * Single use of signed jobs (implemented by RequestClaims): too old -> JOB_EXPIRED; a write whose
 * request id already ran answers with its first result, or JOB_REPLAYED when that run's outcome is unknown.
 */
interface RequestGuard {
  checkAge(request: { id: string; timestamp: number }): void;
  runOnce(
    request: { id: string; timestamp: number },
    run: ClaimedRun,
    execute: () => Promise<ExecutionResult>,
  ): Promise<ExecutionResult & { firstJobId?: string }>;
}

export interface JobProcessorOptions {
  serverId: string;
  jobSecret: string;
  policies: Pick<PolicyStore, "current">;
  executor: RequestExecutor;
  requests: RequestGuard;
  logger: Logger;
  /** Told which reply list a verified job names (JobReplies), so its outcome reaches the producer. */
  replies?: { expect(job: Job, replyTo: string | undefined): void };
  /** Observes each finished job (metrics): outcome and milliseconds since the envelope was made. */
  onFinished?: (outcome: "completed" | "failed" | "retry", op: string, latencyMs: number) => void;
}

export type JobProcessor = (job: Job) => Promise<JobResult>;

export function createJobProcessor(options: JobProcessorOptions): JobProcessor {
  const { serverId, logger } = options;
  const destination = `minecraft:${serverId}`;
  // The per-job lines carry only flat fields built here (ids, names, numbers), so their logger
  // redacts secret keys at the top level only: the shared logger's nested wildcard paths cost
  // ~160 us per line, most of a job's CPU budget at 3,000 jobs/s. Failure lines keep them.
  const jobLog = logger.child({}, { redact: { paths: [...REDACTED_KEYS], censor: "[redacted]" } });
  return async (job) => {
    // Plain fields on each line instead of a child logger per job: pino serialises and redacts a
    // child's bindings when it is made, even when no line is written (~140 us per job).
    let fields: Record<string, unknown> = { jobId: job.id, op: job.name };
    let write = isKnownWrite(job.name);
    let mode: Mode | undefined;
    let createdAt = job.timestamp;
    try {
      const data = verifyJob(job.data, options.jobSecret);
      options.replies?.expect(job, data.replyTo);
      if (data.serverId !== serverId) {
        throw new BridgeError(
          "AUTH_FAILED",
          `Job was signed for server '${data.serverId}' but queued for '${serverId}'; refusing it`,
          { details: { signedFor: data.serverId, queue: serverId } },
        );
      }
      const request = parseRequest(data.envelope);
      const op = requestOperation(request);
      write = isWriteOperation(op);
      createdAt = request.timestamp;
      fields = { jobId: job.id, op, client: data.client.id };
      options.requests.checkAge(request);
      authorize(options.policies, data.client, op, request.payload.args);
      mode = options.executor.mode;
      const forward = (): Promise<ExecutionResult> => {
        // The audit line (docs/properties.md, #16: type, source, destination), written before the server sees it.
        jobLog.info(
          {
            ...fields,
            type: request.type,
            source: request.source,
            destination,
            mode,
            forwardingLatencyMs: Date.now() - request.timestamp,
            attempt: job.attemptsMade + 1,
          },
          "forwarding job to the server",
        );
        return options.executor.execute(request, op);
      };
      const startedAt = Date.now();
      // Reads change nothing, so a copy may run again (docs/security.md, section 7): one round trip less.
      const result: ExecutionResult & { firstJobId?: string } = write
        ? await options.requests.runOnce(request, { jobId: job.id, mode }, forward)
        : await forward();
      if (result.firstJobId !== undefined) {
        jobLog.info(
          { ...fields, firstJobId: result.firstJobId },
          "write already ran: answered with its first result",
        );
      }
      const latencyMs = Date.now() - request.timestamp;
      if (jobLog.isLevelEnabled("debug")) {
        jobLog.debug(
          { ...fields, runMs: Date.now() - startedAt, latencyMs, replay: result.replay },
          "job completed",
        );
      }
      options.onFinished?.("completed", op, latencyMs);
      return result.replay
        ? { success: true, data: result.data, replay: true }
        : { success: true, data: result.data };
    } catch (thrown) {
      const decision = decideFailure(thrown, { write, mode });
      const payload = decision.error.toPayload();
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      const outcome = decision.retry && !lastAttempt ? "retry" : "failed";
      logger[outcome === "retry" ? "warn" : "error"](
        { ...fields, error: payload, retry: outcome === "retry" },
        "job failed",
      );
      await job.log(`${ERROR_LOG_PREFIX}${JSON.stringify(payload)}`).catch(() => undefined);
      options.onFinished?.(outcome, job.name, Date.now() - createdAt);
      if (decision.retry) throw new Error(failureMessage(decision.error));
      throw new UnrecoverableError(failureMessage(decision.error));
    }
  };
}

/** Until the envelope is parsed, an unknown job name counts as a write (the safe side). */
function isKnownWrite(name: string): boolean {
  return isOperation(name) ? isWriteOperation(name) : true;
}

function authorize(
  policies: Pick<PolicyStore, "current">,
  client: { id: string; role: string },
  op: Operation,
  args: Record<string, unknown>,
): void {
  const policy = policies.current();
  const known = policy.clientById(client.id);
  if (!known) {
    throw new BridgeError(
      "PERMISSION_DENIED",
      `Client '${client.id}' is not in the bridge's policy; add it to the policy file's clients`,
      { details: { client: client.id } },
    );
  }
  // The policy file is the authority: a role changed since the job was queued applies now.
  policy.authorize(known, op, args);
}
