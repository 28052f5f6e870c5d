/**
 * MCP clients over Streamable HTTP for tests and benchmarks, with one fix to the SDK's transport.
 * The transport passes ONE long-lived AbortSignal (the session's) to every fetch. Node's fetch
 * (undici) adds an abort listener to that signal per request and drops it only when the request
 * is garbage-collected, so a busy session piles up listeners: past 1500 Node prints
 * `MaxListenersExceededWarning: ... abort listeners added to [AbortSignal]` (the benchmark's
 * one-session phase printed hundreds). isolatedSignalFetch gives each request its own signal,
 * linked to the session's until the response body is read to the end or cancelled.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";

/** Statuses whose Response must have no body. */
const NULL_BODY = new Set([101, 204, 205, 304]);

export function isolatedSignalFetch(base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const outer = init?.signal;
    if (!outer) return base(url, init);
    outer.throwIfAborted();
    const inner = new AbortController();
    const forward = () => inner.abort(outer.reason);
    outer.addEventListener("abort", forward, { once: true });
    const unlink = () => outer.removeEventListener("abort", forward);
    let response: Response;
    try {
      response = await base(url, { ...init, signal: inner.signal });
    } catch (error) {
      unlink();
      throw error;
    }
    if (!response.body || NULL_BODY.has(response.status)) {
      unlink();
      return response;
    }
    const { status, statusText, headers } = response;
    return new Response(untilDone(response.body, unlink), { status, statusText, headers });
  };
}

/** The same bytes; calls `done` once the stream ends, fails or is cancelled. */
function untilDone(body: ReadableStream<Uint8Array>, done: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await reader.read();
        if (next.done) {
          done();
          controller.close();
        } else controller.enqueue(next.value);
      } catch (error) {
        done();
        controller.error(error);
      }
    },
    cancel(reason) {
      done();
      return reader.cancel(reason);
    },
  });
}

/** A Streamable HTTP client transport whose requests do not pile listeners on the session's signal. */
function httpClientTransport(
  url: string | URL,
  headers: Record<string, string> = {},
): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers },
    fetch: isolatedSignalFetch(),
  });
}

/** A connected MCP client; `token` goes into `Authorization: Bearer`. */
export async function connectHttpClient(
  url: string | URL,
  token: string | undefined,
  name = "test-http",
  headers: Record<string, string> = {},
): Promise<Client> {
  const client = new Client({ name, version: "1.0.0" });
  const auth: Record<string, string> = token === undefined ? {} : { Authorization: `Bearer ${token}` };
  await client.connect(httpClientTransport(url, { ...auth, ...headers }));
  return client;
}
