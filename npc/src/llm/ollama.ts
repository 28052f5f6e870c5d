/**
 * Ollama's native API. In: POST /api/chat with stream:true, options.num_predict (the output cap),
 * and only when the NPC file sets them options.temperature, options.num_ctx and keep_alive (unset,
 * the server's own default holds: OLLAMA_KEEP_ALIVE, the Modelfile's parameters); optional
 * `format` (JSON schema), and `think: false` unless the NPC asks for reasoning (then `think` is
 * left out: the model's default, and no 400 "does not support thinking" from a model without it;
 * false is accepted by every model). Out: NDJSON lines {message:{content, thinking?}, done,
 * done_reason, prompt_eval_count, eval_count}: `message.thinking` (the reasoning of a thinking
 * model) is never read; `done_reason: "length"` on the last line says the answer was cut. An
 * {error} line may arrive in the middle of the stream.
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
      ...(request.keepAlive === undefined ? {} : { keep_alive: request.keepAlive }),
      options: {
        ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        ...(request.numCtx ? { num_ctx: request.numCtx } : {}),
        ...(request.maxOutputTokens ? { num_predict: request.maxOutputTokens } : {}),
      },
      ...(request.format ? { format: request.format } : {}),
      ...(request.reasoning ? {} : { think: false }),
    };
    return requestWithRetries(
      { ...this.http, retries: request.retries ?? this.http.retries },
      "/api/chat",
      { method: "POST", body },
      request.timeoutMs,
      async (response) => {
        let content = "";
        let promptTokens = 0;
        let completionTokens = 0;
        let done = false;
        let stopReason = "stop";
        for await (const line of ndjson(response)) {
          const chunk = line as {
            error?: unknown;
            message?: { content?: unknown };
            done?: unknown;
            done_reason?: unknown;
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
            if (typeof chunk.done_reason === "string" && chunk.done_reason) stopReason = chunk.done_reason;
            promptTokens = typeof chunk.prompt_eval_count === "number" ? chunk.prompt_eval_count : 0;
            completionTokens = typeof chunk.eval_count === "number" ? chunk.eval_count : 0;
          }
        }
        if (!done) throw new BridgeError("CONNECTION_ERROR", "Ollama's stream ended before done:true");
        const durationMs = performance.now() - started;
        return { content, stopReason, promptTokens, completionTokens, durationMs };
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
