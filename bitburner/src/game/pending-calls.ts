/**
 * The requests sent on ONE game connection that await a reply. In: reply frames (text). Out: the
 * caller's promise settled with the result, the game's error (mapped), a TIMEOUT naming the elapsed
 * time, or the connection's end. Replies match by id in any order; a frame that is not JSON, has no
 * id we are waiting for, or is neither result nor error is ignored and reported to `ignored`.
 */
import { BridgeError } from "@mcp-bridge/shared";
import { gameError } from "./game-errors.js";

interface Pending {
  method: string;
  startedAt: number;
  timer: NodeJS.Timeout;
  resolve: (result: unknown) => void;
  reject: (error: BridgeError) => void;
}

export interface PendingCallsEvents {
  /** A frame that answered nothing we sent (why, and a short excerpt). */
  ignored(why: string, excerpt: string): void;
  /** A request got no reply in time. */
  timedOut(method: string, elapsedMs: number): void;
}

const EXCERPT_CHARS = 200;

export class PendingCalls {
  private readonly pending = new Map<number | string, Pending>();

  constructor(private readonly events: PendingCallsEvents) {}

  get size(): number {
    return this.pending.size;
  }

  /** Registers id before its frame is sent; the promise settles on reply, timeout or failAll. */
  expect(id: number, method: string, timeoutMs: number, startedAt: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        const elapsed = Math.round(performance.now() - startedAt);
        this.events.timedOut(method, elapsed);
        reject(
          new BridgeError(
            "TIMEOUT",
            `Bitburner did not answer ${method} within ${timeoutMs} ms (elapsed ${elapsed} ms); the game may be busy or the request malformed`,
            { details: { method, elapsedMs: elapsed, timeoutMs } },
          ),
        );
      }, timeoutMs);
      timer.unref?.();
      this.pending.set(id, { method, startedAt, timer, resolve, reject });
    });
  }

  /** Settles one pending call with an error (e.g. its frame could not be sent). */
  fail(id: number, error: BridgeError): void {
    const call = this.pending.get(id);
    if (!call) return;
    this.pending.delete(id);
    clearTimeout(call.timer);
    call.reject(error);
  }

  failAll(error: (method: string) => BridgeError): void {
    const calls = [...this.pending.values()];
    this.pending.clear();
    for (const call of calls) {
      clearTimeout(call.timer);
      call.reject(error(call.method));
    }
  }

  /** Handles one frame from the game. */
  receive(text: string): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.events.ignored("not JSON", text.slice(0, EXCERPT_CHARS));
      return;
    }
    if (typeof message !== "object" || message === null || Array.isArray(message)) {
      this.events.ignored("not a JSON-RPC object", text.slice(0, EXCERPT_CHARS));
      return;
    }
    const frame = message as Record<string, unknown>;
    const id = frame.id;
    const call = typeof id === "number" || typeof id === "string" ? this.pending.get(id) : undefined;
    if (!call) {
      this.events.ignored(`no pending request with id ${JSON.stringify(id)}`, text.slice(0, EXCERPT_CHARS));
      return;
    }
    this.pending.delete(id as number | string);
    clearTimeout(call.timer);
    if (frame.error !== undefined && frame.error !== null) {
      call.reject(
        typeof frame.error === "string"
          ? gameError(frame.error, call.method)
          : new BridgeError(
              "SERVER_ERROR",
              `Bitburner answered ${call.method} with a non-string error: ${JSON.stringify(frame.error).slice(0, EXCERPT_CHARS)}`,
              { details: { method: call.method, reason: "GAME_ERROR" } },
            ),
      );
      return;
    }
    if (!("result" in frame)) {
      call.reject(
        new BridgeError("SERVER_ERROR", `Bitburner answered ${call.method} with neither result nor error`, {
          details: { method: call.method, reason: "GAME_ERROR" },
        }),
      );
      return;
    }
    call.resolve(frame.result);
  }
}
