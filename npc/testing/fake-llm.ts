/**
 * Test support: a protocol-faithful fake LLM server over real HTTP (Ollama's /api/version,
 * /api/tags and streamed NDJSON /api/chat; OpenAI's /v1/models and /v1/chat/completions), with
 * scripted replies and faults: delays, mid-stream errors, 404 for a model that is not pulled, 429,
 * 5xx, malformed lines and hangs. Each request is recorded. A reply may carry reasoning apart from
 * its content, sent as the servers send it: Ollama streams it in `message.thinking` (unless the
 * request says `think: false`: then the model does not think), vLLM puts it in
 * `message.reasoning_content`.
 * As the real servers: an output cap (Ollama `options.num_predict`, OpenAI `max_tokens` /
 * `max_completion_tokens`; 4 characters make a token here) cuts the reply and ends it with
 * `done_reason: "length"` / `finish_reason: "length"`; an OpenAI reply may be a refusal
 * (`content: null`, `refusal`); a fault may carry its own error body and headers (Retry-After,
 * OpenAI's 429 `insufficient_quota`, vLLM's top-level `{object: "error"}`); `loading` answers every
 * endpoint but /health with llama.cpp's 503 "Loading model". Sources: npc/README.md, "LLM APIs".
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ChatCall {
  path: string;
  body: { model: string; messages: { role: string; content: string }[]; [key: string]: unknown };
  headers: IncomingMessage["headers"];
}

export type Fault =
  | {
      kind: "status";
      status: number;
      message?: string;
      /** OpenAI `error.code` (e.g. "insufficient_quota", "rate_limit_exceeded"). */
      code?: string;
      /** The whole error body instead of the server's usual one (e.g. vLLM's). */
      body?: unknown;
      headers?: Record<string, string>;
    }
  | { kind: "hang" }
  | { kind: "midStreamError"; message: string }
  | { kind: "malformedLine" }
  | { kind: "delay"; ms: number }
  | { kind: "dropConnection" };

export interface FakeLlmOptions {
  models?: string[];
  apiKey?: string;
  /** Delay between NDJSON chunks (ms). */
  chunkDelayMs?: number;
  /** Characters per streamed chunk (default 8, about two tokens). */
  chunkChars?: number;
}

/**
 * A reply's text, or its text and the reasoning a thinking model returns apart from it, or (OpenAI)
 * a refusal: `content: null` and the refusal's text.
 */
export type FakeReply = string | { content: string; thinking: string } | { refusal: string };

/** llama.cpp's answer while it loads its model (tools/server/server.cpp). */
const LLAMA_CPP_LOADING = {
  error: { code: 503, message: "Loading model", type: "unavailable_error" },
};

const CHARS_PER_TOKEN = 4;

export class FakeLlm {
  readonly calls: ChatCall[] = [];
  /** The reply to a chat request; tests replace it. */
  respond: (call: ChatCall) => FakeReply = () => "<say>Hello there!</say>";
  private readonly faults: Fault[] = [];
  private readonly server: Server;
  private readonly hanging = new Set<ServerResponse>();
  models: string[];
  /** Answers like llama.cpp while it loads its model: 503 on every endpoint but /health. */
  loading = false;

  constructor(private readonly options: FakeLlmOptions = {}) {
    this.models = options.models ?? ["llama3.2:latest"];
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  /** Listens on 127.0.0.1 (a free port unless given). */
  async start(port = 0): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(port, "127.0.0.1", resolve));
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The next chat request (one per call to this) gets this fault instead of a normal answer. */
  fault(fault: Fault, times = 1): this {
    for (let i = 0; i < times; i++) this.faults.push(fault);
    return this;
  }

  chatCalls(): ChatCall[] {
    return this.calls.filter((c) => c.path.endsWith("chat") || c.path.endsWith("completions"));
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const raw = await readBody(req);
    if (this.loading && path !== "/health") return json(res, 503, LLAMA_CPP_LOADING);
    if (req.method === "GET" && path === "/api/version") return json(res, 200, { version: "0.12.3" });
    if (req.method === "GET" && path === "/api/tags") {
      return json(res, 200, { models: this.models.map((name) => ({ name, model: name, size: 1 })) });
    }
    const openai = path.startsWith("/v1/");
    if (openai && this.options.apiKey && req.headers.authorization !== `Bearer ${this.options.apiKey}`) {
      return json(res, 401, {
        error: { message: "Incorrect API key provided", type: "invalid_request_error" },
      });
    }
    if (req.method === "GET" && path === "/v1/models") {
      return json(res, 200, { object: "list", data: this.models.map((id) => ({ id, object: "model" })) });
    }
    if (req.method !== "POST" || (path !== "/api/chat" && path !== "/v1/chat/completions")) {
      return json(res, 404, openai ? { error: { message: "not found" } } : { error: "not found" });
    }
    let body: ChatCall["body"];
    try {
      body = JSON.parse(raw);
    } catch {
      return json(res, 400, { error: "invalid JSON" });
    }
    const call = { path, body, headers: req.headers };
    this.calls.push(call);
    if (!this.models.includes(body.model) && !this.models.includes(`${body.model}:latest`)) {
      return openai
        ? json(res, 404, {
            error: { message: `The model \`${body.model}\` does not exist.`, code: "model_not_found" },
          })
        : json(res, 404, { error: `model "${body.model}" not found, try pulling it first` });
    }
    let fault = this.faults.shift();
    if (fault?.kind === "delay") {
      await new Promise((r) => setTimeout(r, fault?.kind === "delay" ? fault.ms : 0));
      fault = undefined;
    }
    if (fault?.kind === "status") {
      const message = fault.message ?? "fault";
      const body =
        fault.body ??
        (openai ? { error: { message, type: "error", code: fault.code ?? null } } : { error: message });
      return json(res, fault.status, body, fault.headers);
    }
    if (fault?.kind === "hang") {
      this.hanging.add(res);
      res.on("close", () => this.hanging.delete(res));
      return;
    }
    if (fault?.kind === "dropConnection") {
      req.socket.destroy();
      return;
    }
    const answer = this.respond(call);
    if (typeof answer !== "string" && "refusal" in answer) {
      const message = { role: "assistant", content: null, refusal: answer.refusal };
      return json(res, 200, completion(body, message, "stop", 0));
    }
    const whole = typeof answer === "string" ? answer : answer.content;
    const thinking = typeof answer === "string" ? undefined : answer.thinking;
    const cap = outputCap(body);
    const reply = cap === undefined ? whole : whole.slice(0, cap * CHARS_PER_TOKEN);
    const stop = reply.length < whole.length ? "length" : "stop";
    if (openai) {
      const message = {
        role: "assistant",
        content: reply,
        ...(thinking === undefined ? {} : { reasoning_content: thinking }),
      };
      return json(res, 200, completion(body, message, stop, Math.ceil(reply.length / CHARS_PER_TOKEN)));
    }
    await this.stream(res, body, reply, body.think === false ? undefined : thinking, fault, stop);
  }

  private async stream(
    res: ServerResponse,
    body: ChatCall["body"],
    reply: string,
    thinking: string | undefined,
    fault: Fault | undefined,
    stop: "stop" | "length",
  ) {
    res.writeHead(200, { "content-type": "application/x-ndjson" });
    const split = (text: string) =>
      text.match(new RegExp(`[\\s\\S]{1,${this.options.chunkChars ?? 8}}`, "g")) ?? [];
    for (const part of split(thinking ?? "")) {
      const line = {
        model: body.model,
        created_at: new Date().toISOString(),
        message: { role: "assistant", content: "", thinking: part },
        done: false,
      };
      res.write(`${JSON.stringify(line)}\n`);
    }
    const chunks = split(reply);
    const half = Math.floor(chunks.length / 2);
    for (let i = 0; i < chunks.length; i++) {
      if (i === half && fault?.kind === "midStreamError") {
        res.end(`${JSON.stringify({ error: fault.message })}\n`);
        return;
      }
      if (i === half && fault?.kind === "malformedLine") {
        res.end("{not json\n");
        return;
      }
      const line = {
        model: body.model,
        created_at: new Date().toISOString(),
        message: { role: "assistant", content: chunks[i] },
        done: false,
      };
      res.write(`${JSON.stringify(line)}\n`);
      if (this.options.chunkDelayMs) await new Promise((r) => setTimeout(r, this.options.chunkDelayMs));
    }
    const done = {
      model: body.model,
      created_at: new Date().toISOString(),
      message: { role: "assistant", content: "" },
      done: true,
      done_reason: stop,
      total_duration: 1000,
      prompt_eval_count: promptTokens(body),
      eval_count: chunks.length,
      eval_duration: 1000,
    };
    res.end(`${JSON.stringify(done)}\n`);
  }
}

/** The output cap a request asks for, in tokens. */
function outputCap(body: ChatCall["body"]): number | undefined {
  const options = body.options as { num_predict?: unknown } | undefined;
  const cap = options?.num_predict ?? body.max_completion_tokens ?? body.max_tokens;
  return typeof cap === "number" && cap > 0 ? cap : undefined;
}

function completion(body: ChatCall["body"], message: unknown, finish: string, tokens: number) {
  return {
    id: "chatcmpl-1",
    object: "chat.completion",
    model: body.model,
    choices: [{ index: 0, message, finish_reason: finish }],
    usage: { prompt_tokens: promptTokens(body), completion_tokens: tokens, total_tokens: 0 },
  };
}

function promptTokens(body: ChatCall["body"]): number {
  return body.messages.reduce((n, m) => n + Math.ceil(m.content.length / 4), 0);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (c) => (data += c));
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

function json(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(value));
}
