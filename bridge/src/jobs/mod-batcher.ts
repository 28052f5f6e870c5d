/**
 * Mod mode: requests that are active at the same time go to the mod in ONE `mcpbridge [..]` RCON
 * call. In: request envelopes (their id is the job id, the mod's idempotency key). Out: per request
 * the response payload, or a BridgeError from the mod's error envelope. At most one batch is in
 * flight (the server has one RCON output buffer); the next collects meanwhile, flushed after
 * `lingerMs` (default 0: at the end of the current event-loop turn, so a lone request pays no wait
 * and requests that arrive together still share a batch) or at once when the waiting requests
 * already fill a command (`batchMax` requests or the 1446-byte limit): waiting cannot enlarge it.
 */
import { BridgeError, isErrorCode, parseJson, type RequestMessage, toAsciiJson } from "@mcp-bridge/shared";
import {
  batchBytes,
  buildCommand,
  commandBytes,
  fitsAlone,
  MAX_RCON_COMMAND_BYTES,
  takeBatch,
} from "./mod-command.js";

export interface ModAnswer {
  data: unknown;
  replay: boolean;
}

type SendCommand = (command: string) => Promise<string>;

interface Pending {
  id: string;
  encoded: string;
  resolve(answer: ModAnswer): void;
  reject(error: BridgeError): void;
}

export interface ModBatcherOptions {
  send: SendCommand;
  batchMax: number;
  lingerMs?: number;
  /** Called with the size of every batch sent (metrics, tests). */
  onBatch?: (size: number) => void;
}

export class ModBatcher {
  private waiting: Pending[] = [];
  /** Sum of the waiting requests' encoded lengths (bytes: the encoding is ASCII). */
  private waitingBytes = 0;
  private inFlight = false;
  private timer: NodeJS.Timeout | NodeJS.Immediate | undefined;

  constructor(private readonly options: ModBatcherOptions) {}

  submit(request: RequestMessage): Promise<ModAnswer> {
    const encoded = toAsciiJson(request);
    if (!fitsAlone(encoded)) {
      return Promise.reject(
        new BridgeError(
          "INVALID_ARGS",
          `Request is ${commandBytes([encoded])} bytes as an RCON command; the limit is ${MAX_RCON_COMMAND_BYTES}: shorten its arguments`,
          { details: { bytes: commandBytes([encoded]), max: MAX_RCON_COMMAND_BYTES, sent: false } },
        ),
      );
    }
    return new Promise<ModAnswer>((resolve, reject) => {
      this.waiting.push({ id: request.id, encoded, resolve, reject });
      this.waitingBytes += encoded.length;
      this.schedule();
    });
  }

  /** Fails every waiting request (e.g. the lease was lost); they were never sent. */
  failWaiting(error: BridgeError): void {
    this.cancelTimer();
    const waiting = this.waiting;
    this.waiting = [];
    this.waitingBytes = 0;
    for (const p of waiting) p.reject(error);
  }

  private schedule(): void {
    if (this.inFlight) return;
    if (this.fullBatchWaiting()) {
      this.cancelTimer();
      void this.flush();
      return;
    }
    if (this.timer) return;
    const fire = () => {
      this.timer = undefined;
      void this.flush();
    };
    const linger = this.options.lingerMs ?? 0;
    this.timer = linger > 0 ? setTimeout(fire, linger) : setImmediate(fire);
  }

  /** True when the waiting requests fill one command: by count, or more than fit by bytes. */
  private fullBatchWaiting(): boolean {
    const n = this.waiting.length;
    if (n >= this.options.batchMax) return true;
    return n > 1 && batchBytes(this.waitingBytes, n) > MAX_RCON_COMMAND_BYTES;
  }

  private cancelTimer(): void {
    if (this.timer) {
      clearTimeout(this.timer as NodeJS.Timeout);
      clearImmediate(this.timer as NodeJS.Immediate);
    }
    this.timer = undefined;
  }

  private async flush(): Promise<void> {
    if (this.inFlight || this.waiting.length === 0) return;
    const n = takeBatch(
      this.waiting.map((p) => p.encoded),
      this.options.batchMax,
    );
    const batch = this.waiting.splice(0, Math.max(1, n));
    for (const p of batch) this.waitingBytes -= p.encoded.length;
    this.inFlight = true;
    this.options.onBatch?.(batch.length);
    try {
      const answer = await this.options.send(buildCommand(batch.map((p) => p.encoded)));
      settle(batch, answer);
    } catch (error) {
      const failure = BridgeError.from(error, "CONNECTION_ERROR");
      for (const p of batch) p.reject(failure);
    } finally {
      this.inFlight = false;
      if (this.waiting.length > 0) this.schedule();
    }
  }
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Matches the mod's answer (one envelope or an array) to the batch by id. */
function settle(batch: readonly Pending[], answer: string): void {
  let parsed: unknown;
  try {
    parsed = parseJson(answer.trim());
  } catch {
    const preview = answer.length > 120 ? `${answer.slice(0, 120)}...` : answer;
    const error = new BridgeError(
      "SERVER_ERROR",
      `The mod answered with something that is not JSON: ${preview}`,
      {
        details: { preview, sent: true },
      },
    );
    for (const p of batch) p.reject(error);
    return;
  }
  const envelopes = (Array.isArray(parsed) ? parsed : [parsed]).map(asRecord);
  const byId = new Map<string, Record<string, unknown>>();
  for (const envelope of envelopes) if (typeof envelope?.id === "string") byId.set(envelope.id, envelope);
  // A single error envelope for a whole batch (e.g. the array itself was refused) applies to all.
  const batchError = !Array.isArray(parsed) && batch.length > 1 ? envelopes[0] : undefined;
  for (const p of batch) {
    const envelope = byId.get(p.id) ?? batchError;
    if (!envelope) {
      p.reject(
        new BridgeError("SERVER_ERROR", `The mod's answer has no response for request ${p.id}`, {
          details: { id: p.id, sent: true },
        }),
      );
      continue;
    }
    const payload = asRecord(envelope.payload);
    if (envelope.type === "response" && payload?.success === true) {
      p.resolve({ data: payload.data, replay: payload.replay === true });
    } else if (envelope.type === "error" && payload && typeof payload.code === "string") {
      p.reject(errorFromPayload(payload));
    } else {
      p.reject(
        new BridgeError(
          "SCHEMA_ERROR",
          `The mod's answer for request ${p.id} is neither a response nor an error`,
          {
            details: { id: p.id, field: "type" },
          },
        ),
      );
    }
  }
}

function errorFromPayload(payload: Record<string, unknown>): BridgeError {
  const message = typeof payload.message === "string" ? payload.message : "the mod reported an error";
  // reportedBy: the caller's hint must name the mod's own settings, not the policy (e.g. a refusal
  // by the mod's command allow-list reaches an admin whose role allows the command).
  const details = { ...asRecord(payload.details), reportedBy: "mod" };
  if (isErrorCode(payload.code)) return BridgeError.fromPayload({ code: payload.code, message, details });
  return new BridgeError("SERVER_ERROR", `${message} (unknown error code '${String(payload.code)}')`, {
    details,
  });
}
