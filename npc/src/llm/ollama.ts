/**
 * Ollama's native API. In: POST /api/chat with stream:true, keep_alive, options.temperature and
 * options.num_ctx, optional `format` (JSON schema), and `think: false` unless the NPC asks for
 * reasoning (then `think` is left out: the model's default, and no 400 "does not support thinking"
 * from a model without it; false is accepted by every model). Out: NDJSON lines {message:{content,
 * thinking?}, done, prompt_eval_count, eval_count}: `message.thinking` (the reasoning of a thinking
 * model) is never read. An {error} line may arrive in the middle of the stream.
 * Health: GET /api/version; model check: GET /api/tags (a name without a tag means ":latest").
 */
import { BridgeError } from "@mcp-bridge/shared";
import type { ChatRequest, ChatResult, Health, LlmBackend } from "./backend.js";
import { type HttpOptions, ndjson, requestWithRetries } from "./http.js";

const PROBE_TIMEOUT_MS = 3000;

export class OllamaBackend implements LlmBackend {
  readonly name = "ollama";
  constructor(private readonly http: HttpOptions) {}

  async chat(request: ChatRequest): Promise<ChatResult> {
    const started = performance.now();
    const body = {
      model: request.model,
      messages: request.messages,
      stream: true,
      keep_alive: request.keepAlive ?? "5m",
      options: { temperature: request.temperature, ...(request.numCtx ? { num_ctx: request.numCtx } : {}) },
      ...(request.format ? { format: request.format } : {}),
      ...(request.reasoning ? {} : { think: false }),
    };
    return requestWithRetries(
      this.http,
      "/api/chat",
      { method: "POST", body },
      request.timeoutMs,
      async (response) => {
        let content = "";
        let promptTokens = 0;
        let completionTokens = 0;
        let done = false;
        for await (const line of ndjson(response)) {
          const chunk = line as {
            error?: unknown;
            message?: { content?: unknown };
            done?: unknown;
            prompt_eval_count?: unknown;
            eval_count?: unknown;
          };
          if (chunk.error !== undefined) {
            throw new BridgeError("SERVER_ERROR", `Ollama failed while answering: ${String(chunk.error)}`, {
              retryable: true,
            });
          }
          if (typeof chunk.message?.content === "string") content += chunk.message.content;
          if (chunk.done === true) {
            done = true;
            promptTokens = typeof chunk.prompt_eval_count === "number" ? chunk.prompt_eval_count : 0;
            completionTokens = typeof chunk.eval_count === "number" ? chunk.eval_count : 0;
          }
        }
        if (!done) throw new BridgeError("CONNECTION_ERROR", "Ollama's stream ended before done:true");
        return { content, promptTokens, completionTokens, durationMs: performance.now() - started };
      },
    );
  }

  async health(): Promise<Health> {
    try {
      const version = await requestWithRetries(
        { ...this.http, retries: 0 },
        "/api/version",
        { method: "GET" },
        PROBE_TIMEOUT_MS,
        (r) => r.json() as Promise<{ version?: unknown }>,
      );
      return { ok: true, detail: `ollama ${String(version.version ?? "unknown")} at ${this.http.baseUrl}` };
    } catch (error) {
      return { ok: false, detail: (error as Error).message };
    }
  }

  async checkModel(model: string): Promise<void> {
    const tags = await requestWithRetries(
      { ...this.http, retries: 0 },
      "/api/tags",
      { method: "GET" },
      PROBE_TIMEOUT_MS,
      (r) => r.json() as Promise<{ models?: { name?: string; model?: string }[] }>,
    );
    const wanted = model.includes(":") ? model : `${model}:latest`;
    const names = (tags.models ?? [])
      .flatMap((m) => [m.name, m.model])
      .filter((n): n is string => typeof n === "string");
    if (!names.includes(wanted) && !names.includes(model)) {
      throw new BridgeError(
        "INVALID_ARGS",
        `Ollama at ${this.http.baseUrl} does not have model '${model}': run 'ollama pull ${model}' (it has: ${names.join(", ") || "none"})`,
      );
    }
  }
}
