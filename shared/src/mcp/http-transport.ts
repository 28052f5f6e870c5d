/**
 * The Streamable HTTP transport of one MCP session, on Node's own request and response. In: a
 * session's POST (JSON-RPC messages, the body already parsed), GET (the standalone SSE stream) and
 * DELETE. Out: 202 for notifications and responses, an SSE stream per POST with requests (each
 * answer one `event: message`, the stream ends after the last), JSON-RPC errors as the SDK's
 * WebStandardStreamableHTTPServerTransport answers them (same statuses, codes and messages), for
 * the same protocol: stateful, no event store. It replaces that transport and the @hono/node-server
 * bridge to it, which built a web Request, a ReadableStream and a Response for every call (about
 * half the HTTP MCP process's CPU per call). `deliver` hands messages to the server without HTTP:
 * a waking session's replayed initialize, and the greeting's sample initialize.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { MAX_BATCH_SIZE } from "@modelcontextprotocol/sdk/server/requestBody.js";
import { DEFAULT_SSE_KEEP_ALIVE_MS } from "@modelcontextprotocol/sdk/server/sseKeepAlive.js";
import { isJsonContentType } from "@modelcontextprotocol/sdk/shared/mediaType.js";
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  isInitializeRequest,
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  type MessageExtraInfo,
  type RequestId,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "@modelcontextprotocol/sdk/types.js";

/** How long a POST's SSE answer may hold its headers back for its first message. */
const HEADERS_DELAY_MS = 100;

const SSE_HEADERS = {
  "Content-Type": "text/event-stream",
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
};

/** Where a session's messages go: an HTTP response (SSE), or a collector of answers (`deliver`). */
interface Stream {
  /** Request ids whose answers this stream still waits for. */
  readonly pending: Set<RequestId>;
  readonly res?: ServerResponse;
  readonly collect?: (message: JSONRPCMessage) => void;
  readonly done?: () => void;
  open: boolean;
  keepAlive?: NodeJS.Timeout;
  /** A POST answer's headers, sent by this timer when no message came first. */
  headers?: NodeJS.Timeout;
  /** Its status and headers are set (head()). */
  headed?: boolean;
}

/** An HTTP status and the JSON-RPC error answered with it. */
interface Refusal {
  status: number;
  code: number;
  message: string;
  data?: string;
}

/** What a closed session or a foreign session id gets (404). */
const SESSION_NOT_FOUND: Refusal = { status: 404, code: -32001, message: "Session not found" };

function refuse(res: ServerResponse, { status, code, message, data }: Refusal): void {
  const error = data === undefined ? { code, message } : { code, message, data };
  const body = JSON.stringify({ jsonrpc: "2.0", error, id: null });
  const headers = { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) };
  res.writeHead(status, headers).end(body);
}

const isResponse = (m: JSONRPCMessage): m is JSONRPCMessage & { id: RequestId } =>
  ("result" in m || "error" in m) && "id" in m;
const isRequest = (m: JSONRPCMessage): m is JSONRPCMessage & { id: RequestId; method: string } =>
  "method" in m && "id" in m;
const sseEvent = (message: JSONRPCMessage) => `event: message\ndata: ${JSON.stringify(message)}\n\n`;

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

export class SessionTransport implements Transport {
  sessionId?: string;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  private started = false;
  private initialized = false;
  private closed = false;
  /** Open POST answers and `deliver` collectors; the GET stream apart. */
  private readonly streams = new Set<Stream>();
  private standalone?: Stream;
  private readonly byRequest = new Map<RequestId, Stream>();

  /** `id`: the session id, taken when the client initializes. */
  constructor(private readonly id: string) {}

  async start(): Promise<void> {
    if (this.started) throw new Error("Transport already started");
    this.started = true;
  }

  /**
   * One HTTP request of the session. `body`: a POST's JSON, parsed by http.ts (Express's parser
   * takes every JSON media type, with the body limit); undefined when the POST had no body.
   */
  async handle(req: IncomingMessage, res: ServerResponse, body?: unknown): Promise<void> {
    if (this.closed) return refuse(res, SESSION_NOT_FOUND);
    if (req.method === "POST") return this.post(req, res, body);
    if (req.method === "GET") return this.listen(req, res);
    if (req.method !== "DELETE")
      return this.refuse(res, { status: 405, code: -32000, message: "Method not allowed." });
    const refusal = this.sessionProblem(req);
    if (refusal) return this.refuse(res, refusal);
    res.writeHead(200).end();
    await this.close();
  }

  /**
   * Hands `messages` to the server as if POSTed (no HTTP checks) and resolves with its answers to
   * the requests among them, once all are in.
   */
  deliver(messages: JSONRPCMessage[]): Promise<JSONRPCMessage[]> {
    const answers: JSONRPCMessage[] = [];
    return new Promise((resolve) => {
      const requests = messages.filter(isRequest);
      if (messages.some((m) => isInitializeRequest(m))) this.initialize();
      if (requests.length > 0) {
        const stream: Stream = {
          pending: new Set(requests.map((m) => m.id)),
          collect: (m) => answers.push(m),
          done: () => resolve(answers),
          open: true,
        };
        this.register(stream, requests);
      } else resolve(answers);
      for (const m of messages) this.onmessage?.(m);
    });
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const response = isResponse(message);
    const requestId = response ? message.id : options?.relatedRequestId;
    if (requestId === undefined) {
      if (response) {
        throw new Error(
          "Cannot send a response on a standalone SSE stream unless resuming a previous client request",
        );
      }
      this.standalone?.res?.write(sseEvent(message));
      return;
    }
    const stream = this.byRequest.get(requestId);
    if (!stream) throw new Error(`No connection established for request ID: ${String(requestId)}`);
    if (!response) {
      if (stream.open) this.write(stream, message, false);
      return;
    }
    stream.pending.delete(requestId);
    this.byRequest.delete(requestId);
    const last = stream.pending.size === 0;
    if (!stream.open) {
      // The client went away (the SDK's transport: no event store, so the answer is lost).
      throw new Error(`No connection established for request ID: ${String(requestId)}`);
    }
    this.write(stream, message, last);
    if (last) this.release(stream);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const stream of [...this.streams]) this.release(stream, true);
    if (this.standalone) this.release(this.standalone, true);
    this.byRequest.clear();
    this.onclose?.();
  }

  private post(req: IncomingMessage, res: ServerResponse, body: unknown) {
    const messages = this.messagesOf(req, body);
    if (!Array.isArray(messages)) return this.refuse(res, messages);
    const extra: MessageExtraInfo = { requestInfo: requestInfo(req) };
    const requests = messages.filter(isRequest);
    if (requests.length === 0) {
      for (const m of messages) this.onmessage?.(m, extra);
      res.writeHead(202).end();
      return;
    }
    const stream: Stream = { pending: new Set(requests.map((m) => m.id)), res, open: true };
    this.register(stream, requests);
    try {
      // The server may answer at once, inside onmessage (the SDK answers an unknown method so):
      // that answer opens the stream itself (write -> head).
      for (const m of messages) this.onmessage?.(m, extra);
    } catch (error) {
      this.release(stream, false);
      for (const m of requests) this.byRequest.delete(m.id);
      if (stream.headed) return;
      return this.refuse(res, { status: 400, code: -32700, message: "Parse error", data: String(error) });
    }
    this.openStream(res, stream, false);
    res.once("close", () => {
      // The client went away before every answer was written: later answers are dropped.
      if (stream.open) this.release(stream, false);
    });
  }

  /** The messages of a POST, or why it is refused (in the order the SDK's transport checks). */
  private messagesOf(req: IncomingMessage, body: unknown): JSONRPCMessage[] | Refusal {
    const accept = header(req, "accept");
    if (!accept?.includes("application/json") || !accept.includes("text/event-stream")) {
      const message = "Not Acceptable: Client must accept both application/json and text/event-stream";
      return { status: 406, code: -32000, message };
    }
    if (!isJsonContentType(header(req, "content-type"))) {
      const message = "Unsupported Media Type: Content-Type must be application/json";
      return { status: 415, code: -32000, message };
    }
    // No body: what the SDK answers to an empty one.
    if (body === undefined) return { status: 400, code: -32700, message: "Parse error: Invalid JSON" };
    if (Array.isArray(body) && body.length > MAX_BATCH_SIZE) {
      const message = `Invalid Request: Batch must not exceed ${MAX_BATCH_SIZE} messages`;
      return { status: 400, code: -32600, message };
    }
    let messages: JSONRPCMessage[];
    try {
      messages = (Array.isArray(body) ? body : [body]).map((m) => JSONRPCMessageSchema.parse(m));
    } catch {
      return { status: 400, code: -32700, message: "Parse error: Invalid JSON-RPC message" };
    }
    if (!messages.some((m) => "method" in m && m.method === "initialize" && isInitializeRequest(m))) {
      return this.sessionProblem(req) ?? messages;
    }
    if (this.initialized) {
      return { status: 400, code: -32600, message: "Invalid Request: Server already initialized" };
    }
    if (messages.length > 1) {
      const message = "Invalid Request: Only one initialization request is allowed";
      return { status: 400, code: -32600, message };
    }
    this.initialize();
    return messages;
  }

  /** The standalone SSE stream (GET): server requests and notifications not tied to a request. */
  private listen(req: IncomingMessage, res: ServerResponse) {
    if (!header(req, "accept")?.includes("text/event-stream")) {
      const message = "Not Acceptable: Client must accept text/event-stream";
      return this.refuse(res, { status: 406, code: -32000, message });
    }
    const refusal = this.sessionProblem(req);
    if (refusal) return this.refuse(res, refusal);
    if (this.standalone) {
      const message = "Conflict: Only one SSE stream is allowed per session";
      return this.refuse(res, { status: 409, code: -32000, message });
    }
    const stream: Stream = { pending: new Set(), res, open: true };
    this.standalone = stream;
    this.openStream(res, stream, true);
    res.once("close", () => {
      if (this.standalone === stream) this.release(stream, false);
    });
  }

  /**
   * Opens an SSE answer and arms its keep-alive. The standalone stream (GET) sends its headers now.
   * A POST's answer sends them with its first message, in the same write (most calls answer within
   * a millisecond: one system call instead of two), or after HEADERS_DELAY_MS without one, so a long
   * call's client still sees its stream open at once (and an HTTP client's wait for headers never
   * runs long).
   */
  private openStream(res: ServerResponse, stream: Stream, now: boolean): void {
    this.head(stream);
    if (now) res.flushHeaders();
    if (!stream.open) return;
    if (!now) {
      // (writeHead counts as headersSent at once: whether they left is this timer's to know.)
      stream.headers = setTimeout(() => {
        if (!res.writableEnded) res.flushHeaders();
      }, HEADERS_DELAY_MS);
      stream.headers.unref();
    }
    stream.keepAlive = setInterval(() => res.write(": keepalive\n\n"), DEFAULT_SSE_KEEP_ALIVE_MS);
    stream.keepAlive.unref();
  }

  /** An SSE answer's status and headers, set once (sent with the first write, or flushed). */
  private head(stream: Stream): void {
    if (stream.headed || !stream.res) return;
    const headers: Record<string, string> = { ...SSE_HEADERS };
    if (this.sessionId !== undefined) headers["mcp-session-id"] = this.sessionId;
    stream.res.writeHead(200, headers);
    stream.headed = true;
  }

  private initialize(): void {
    this.sessionId = this.id;
    this.initialized = true;
  }

  /** Why a request may not use this session (the SDK's checks of a non-initialize request), if it may not. */
  private sessionProblem(req: IncomingMessage): Refusal | undefined {
    if (!this.initialized)
      return { status: 400, code: -32000, message: "Bad Request: Server not initialized" };
    const sessionId = header(req, "mcp-session-id");
    if (!sessionId) {
      return { status: 400, code: -32000, message: "Bad Request: Mcp-Session-Id header is required" };
    }
    if (sessionId !== this.sessionId) return SESSION_NOT_FOUND;
    const version = header(req, "mcp-protocol-version");
    if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
      const supported = SUPPORTED_PROTOCOL_VERSIONS.join(", ");
      const message = `Bad Request: Unsupported protocol version: ${version} (supported versions: ${supported})`;
      return { status: 400, code: -32000, message };
    }
    return undefined;
  }

  private register(stream: Stream, requests: { id: RequestId }[]): void {
    this.streams.add(stream);
    for (const m of requests) this.byRequest.set(m.id, stream);
  }

  private write(stream: Stream, message: JSONRPCMessage, last: boolean): void {
    if (stream.collect) {
      stream.collect(message);
      return;
    }
    // The headers (when still held back), the last answer and the end of the stream: one write.
    this.head(stream);
    clearTimeout(stream.headers);
    if (last) stream.res!.end(sseEvent(message));
    else stream.res!.write(sseEvent(message));
  }

  /** Forgets a stream; `end`: also ends its response (close, or a failure before it was handed out). */
  private release(stream: Stream, end = true): void {
    stream.open = false;
    clearInterval(stream.keepAlive);
    clearTimeout(stream.headers);
    if (this.standalone === stream) this.standalone = undefined;
    else this.streams.delete(stream);
    if (end && stream.res && !stream.res.writableEnded) stream.res.end();
    stream.done?.();
  }

  /** Answers a refusal; the SDK's transport reports each to `onerror` too. */
  private refuse(res: ServerResponse, refusal: Refusal): void {
    this.onerror?.(new Error(refusal.message));
    refuse(res, refusal);
  }
}

/** The SDK's request info: the headers as Node has them, the URL built only when asked for. */
function requestInfo(req: IncomingMessage) {
  let url: URL | undefined;
  return {
    headers: req.headers,
    get url() {
      url ??= new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
      return url;
    },
  } as MessageExtraInfo["requestInfo"] & {};
}
