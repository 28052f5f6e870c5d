/**
 * HTTP to an LLM server, shared by both backends: one deadline (AbortController) over the whole
 * call including retries; retries with jittered backoff on 429, 5xx and connection errors; every
 * failure as a BridgeError whose message names the server and what to do. Requests go through
 * node:http(s) and its keep-alive global agent rather than fetch: fetch's web streams cost several
 * times more CPU per call (docs/benchmarks.md, section 5).
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
        const delay = failure.retryable && !controller.signal.aborted ? delays.delay(attempt) : undefined;
        if (delay === undefined) throw failure;
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

async function httpError(url: string, response: HttpResponse): Promise<BridgeError> {
  const text = await response.text().catch(() => "");
  const message = errorText(text) ?? (text.slice(0, 200) || response.statusText);
  const status = response.status;
  if (status === 429)
    return new BridgeError("RATE_LIMITED", `LLM at ${url} is rate limiting (429): ${message}`);
  if (status >= 500)
    return new BridgeError("CONNECTION_ERROR", `LLM at ${url} failed (${status}): ${message}`);
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

/** The error text of an Ollama ({error: "..."}) or OpenAI ({error: {message}}) error body. */
export function errorText(body: string): string | undefined {
  try {
    const value = JSON.parse(body) as { error?: unknown };
    if (typeof value.error === "string") return value.error;
    const nested = value.error as { message?: unknown } | undefined;
    if (typeof nested?.message === "string") return nested.message;
  } catch {
    // not JSON
  }
  return undefined;
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
