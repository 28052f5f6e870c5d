/**
 * HTTP to an LLM server, shared by both backends: one deadline (AbortController) over the whole
 * call including retries; retries with jittered backoff on 429, 5xx and connection errors; every
 * failure as a BridgeError whose message names the server and what to do. Requests go through
 * node:http(s) and its keep-alive global agent rather than fetch: fetch's web streams cost several
 * times more CPU per call (docs/benchmarks.md, section 5).
 * A 429 or 503 with `Retry-After` (seconds or an HTTP date, RFC 9110 §10.2.3) is retried no sooner
 * than it says, and not at all when that is past our deadline: against a per-minute limit, quick
 * retries only spend more of it. A 429 that cannot succeed by waiting (OpenAI `insufficient_quota`
 * and the other billing codes: no credit left, a spend or usage limit reached) is not retried.
 * Error bodies read: Ollama `{error: "..."}`, OpenAI and llama.cpp `{error: {message, type, code}}`
 * (llama.cpp answers 503 `{error: {message: "Loading model", type: "unavailable_error"}}` while it
 * loads), vLLM `{object: "error", message, type, code}`. Sources: npc/README.md, "LLM APIs".
 */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { BridgeError, backoff, sleep } from "@mcp-bridge/shared";

export interface HttpOptions {
  baseUrl: string;
  /** Retries after the first attempt (default 3). */
  retries?: number;
  retryBaseMs?: number;
  headers?: Record<string, string>;
}

/** An answer whose head has arrived; the body is read as it comes. */
export interface HttpResponse {
  status: number;
  ok: boolean;
  statusText: string;
  headers: IncomingMessage["headers"];
  body: AsyncIterable<Buffer>;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

export type ResponseReader<T> = (response: HttpResponse, signal: AbortSignal) => Promise<T>;

function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  signal: AbortSignal,
): Promise<HttpResponse> {
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  const length = body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { ...headers, ...length }, signal }, (res) =>
      resolve(wrap(res)),
    );
    req.on("error", reject);
    req.end(body);
  });
}

function wrap(res: IncomingMessage): HttpResponse {
  const status = res.statusCode ?? 0;
  const text = async () => {
    let all = "";
    res.setEncoding("utf8");
    for await (const chunk of res) all += chunk;
    return all;
  };
  return {
    status,
    ok: status >= 200 && status < 300,
    statusText: res.statusMessage ?? "",
    headers: res.headers,
    body: res,
    text,
    json: async () => JSON.parse(await text()) as unknown,
  };
}

export async function requestWithRetries<T>(
  options: HttpOptions,
  path: string,
  init: { method: "GET" | "POST"; body?: unknown },
  timeoutMs: number,
  read: ResponseReader<T>,
): Promise<T> {
  const target = new URL(path, options.baseUrl);
  const url = target.toString();
  const controller = new AbortController();
  const deadline = Date.now() + timeoutMs;
  const timer = setTimeout(() => controller.abort(timeoutError(url, timeoutMs)), timeoutMs);
  const delays = backoff({ attempts: options.retries ?? 3, baseMs: options.retryBaseMs ?? 250, maxMs: 4000 });
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await send(
          target,
          init.method,
          { "content-type": "application/json", ...options.headers },
          init.body === undefined ? undefined : JSON.stringify(init.body),
          controller.signal,
        );
        if (!response.ok) throw await httpError(url, response);
        return await read(response, controller.signal);
      } catch (error) {
        const failure = controller.signal.aborted
          ? (controller.signal.reason as BridgeError)
          : toBridgeError(url, error);
        const backoffMs = failure.retryable && !controller.signal.aborted ? delays.delay(attempt) : undefined;
        if (backoffMs === undefined) throw failure;
        const retryAfterMs = failure.details?.retryAfterMs;
        const delay = Math.max(backoffMs, typeof retryAfterMs === "number" ? retryAfterMs : 0);
        if (Date.now() + delay >= deadline) throw tooLate(failure, delay);
        await sleep(delay, controller.signal).catch(() => {
          throw controller.signal.reason;
        });
      }
    }
  } finally {
    clearTimeout(timer);
  }
}

function timeoutError(url: string, ms: number): BridgeError {
  return new BridgeError("TIMEOUT", `LLM at ${url} gave no complete answer within ${ms} ms`);
}

/** The wait the server asked for would outlast our deadline: fail now, saying so. */
function tooLate(failure: BridgeError, delayMs: number): BridgeError {
  return new BridgeError(
    failure.code,
    `${failure.message}; not retried: the server asks to wait ${Math.ceil(delayMs / 1000)} s, past this answer's deadline (llm.timeoutMs)`,
    { details: failure.details, retryable: false },
  );
}

/**
 * OpenAI's 429 codes that waiting does not cure (the account has no quota, credit or budget left);
 * `rate_limit_exceeded` and `slow_down` pass with time.
 */
const BILLING_CODES = new Set([
  "insufficient_quota",
  "billing_hard_limit_reached",
  "credit_balance_exhausted",
  "organization_spend_limit_exceeded",
  "project_spend_limit_exceeded",
  "organization_usage_limit_exceeded",
]);

/** Retry-After in ms (delay-seconds or an HTTP date), or undefined when absent or unreadable. */
function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

async function httpError(url: string, response: HttpResponse): Promise<BridgeError> {
  const text = await response.text().catch(() => "");
  const { message: said, code } = errorBody(text);
  const message = said ?? (text.slice(0, 200) || response.statusText);
  const status = response.status;
  const wait = retryAfterMs(response.headers["retry-after"]);
  const details = {
    status,
    ...(code === undefined ? {} : { code }),
    ...(wait === undefined ? {} : { retryAfterMs: wait }),
  };
  if (status === 429 && code !== undefined && BILLING_CODES.has(code)) {
    return new BridgeError(
      "RATE_LIMITED",
      `LLM at ${url} refuses every request until its account is fixed (429 ${code}): ${message}; not retried: add credit or raise the limit, or point the NPC at another server`,
      { details, retryable: false },
    );
  }
  if (status === 429)
    return new BridgeError("RATE_LIMITED", `LLM at ${url} is rate limiting (429): ${message}`, {
      details,
      retryable: true,
    });
  if (status >= 500)
    return new BridgeError("CONNECTION_ERROR", `LLM at ${url} failed (${status}): ${message}`, { details });
  if (status === 401 || status === 403) {
    return new BridgeError(
      "AUTH_FAILED",
      `LLM at ${url} refused the API key (${status}): ${message}; set LLM_API_KEY`,
    );
  }
  return new BridgeError("INVALID_ARGS", `LLM at ${url} refused the request (${status}): ${message}`, {
    details: { status },
  });
}

/**
 * The message and code of an error body: Ollama `{error: "..."}`, OpenAI and llama.cpp
 * `{error: {message, code}}`, vLLM `{object: "error", message, code}`.
 */
function errorBody(body: string): { message?: string; code?: string } {
  let value: { error?: unknown; object?: unknown; message?: unknown; code?: unknown };
  try {
    value = JSON.parse(body);
  } catch {
    return {}; // not JSON
  }
  if (value === null || typeof value !== "object") return {};
  const codeOf = (c: unknown) => (typeof c === "string" && c ? { code: c } : {});
  if (typeof value.error === "string") return { message: value.error };
  const nested = value.error as { message?: unknown; code?: unknown } | undefined;
  if (nested && typeof nested === "object" && typeof nested.message === "string")
    return { message: nested.message, ...codeOf(nested.code) };
  if (value.object === "error" && typeof value.message === "string")
    return { message: value.message, ...codeOf(value.code) };
  return {};
}

function toBridgeError(url: string, error: unknown): BridgeError {
  if (error instanceof BridgeError) return error;
  const { cause, code } = error as { cause?: { code?: string; message?: string }; code?: string };
  const reason = cause?.code ?? code ?? cause?.message ?? (error as Error).message;
  return new BridgeError("CONNECTION_ERROR", `LLM at ${url} is unreachable (${reason}); is it running?`, {
    cause: error,
  });
}

/** Reads a body as newline-delimited JSON, one parsed value per line, as the bytes arrive. */
export async function* ndjson(response: HttpResponse): AsyncGenerator<unknown> {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline = buffer.indexOf("\n");
    while (newline >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line) yield parseLine(line);
      newline = buffer.indexOf("\n");
    }
  }
  const last = (buffer + decoder.decode()).trim();
  if (last) yield parseLine(last);
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new BridgeError("SERVER_ERROR", `LLM stream sent a line that is not JSON: ${line.slice(0, 120)}`);
  }
}
