/**
 * OpenAI-compatible servers (llama.cpp server, vLLM, LM Studio, hosted APIs). In: POST
 * /v1/chat/completions {model, messages, stream:false, max_tokens or max_completion_tokens (the
 * output cap; OpenAI's reasoning models refuse `max_tokens`, servers other than OpenAI may ignore
 * `max_completion_tokens`), temperature only when the NPC file sets it (some models take only
 * their default), response_format?} with "Authorization: Bearer <LLM_API_KEY>" when a key is set.
 * Out: {choices:[{message:{content, refusal?}, finish_reason}], usage:{prompt_tokens,
 * completion_tokens}}: `finish_reason: "length"` says the answer was cut; `content` may be null
 * with a `refusal` string when the model declines. Health and model check: GET /v1/models
 * {data:[{id}]}.
 * Reasoning: the API has no switch every server accepts (OpenAI's `reasoning_effort` is refused by
 * non-reasoning models, vLLM's `chat_template_kwargs` is vLLM's own), so none is sent; the reasoning
 * a server returns apart (vLLM and DeepSeek: `message.reasoning_content`, newer vLLM:
 * `message.reasoning`) is never read, and reasoning inside `content` is removed by the parser.
 */
import { BridgeError } from "@mcp-bridge/shared";
import type { ChatRequest, ChatResult, Health, LlmBackend } from "./backend.js";
import { type HttpOptions, requestWithRetries } from "./http.js";

const PROBE_TIMEOUT_MS = 3000;

function usage(u: { prompt_tokens?: number; completion_tokens?: number } | undefined, started: number) {
  return {
    promptTokens: u?.prompt_tokens ?? 0,
    completionTokens: u?.completion_tokens ?? 0,
    durationMs: performance.now() - started,
  };
}

export class OpenAiBackend implements LlmBackend {
  readonly name = "openai";
  private readonly http: HttpOptions;

  constructor(http: HttpOptions, apiKey?: string) {
    this.http = apiKey ? { ...http, headers: { ...http.headers, authorization: `Bearer ${apiKey}` } } : http;
  }

  async chat(request: ChatRequest): Promise<ChatResult> {
    const started = performance.now();
    const body = {
      model: request.model,
      messages: request.messages,
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(request.maxOutputTokens
        ? { [request.maxTokensParam ?? "max_tokens"]: request.maxOutputTokens }
        : {}),
      stream: false,
      ...(request.format
        ? {
            response_format: {
              type: "json_schema",
              json_schema: { name: "npc_reply", schema: request.format },
            },
          }
        : {}),
    };
    return requestWithRetries(
      { ...this.http, retries: request.retries ?? this.http.retries },
      "/v1/chat/completions",
      { method: "POST", body },
      request.timeoutMs,
      async (response) => {
        const value = (await response.json().catch(() => undefined)) as
          | {
              choices?: { message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown }[];
              usage?: { prompt_tokens?: number; completion_tokens?: number };
            }
          | undefined;
        const choice = value?.choices?.[0];
        const content = choice?.message?.content;
        const refusal = choice?.message?.refusal;
        const finish = typeof choice?.finish_reason === "string" ? choice.finish_reason : "stop";
        if (typeof refusal === "string" && refusal) {
          return { ...usage(value?.usage, started), content: "", stopReason: "refusal", refusal };
        }
        if (typeof content !== "string") {
          throw new BridgeError(
            "SERVER_ERROR",
            `OpenAI-compatible server answered without choices[0].message.content (finish_reason ${finish})`,
          );
        }
        return { ...usage(value?.usage, started), content, stopReason: finish };
      },
    );
  }

  private async models(): Promise<string[]> {
    const list = await requestWithRetries(
      { ...this.http, retries: 0 },
      "/v1/models",
      { method: "GET" },
      PROBE_TIMEOUT_MS,
      (r) => r.json() as Promise<{ data?: { id?: unknown }[] }>,
    );
    return (list.data ?? []).map((m) => m.id).filter((id): id is string => typeof id === "string");
  }

  async health(): Promise<Health> {
    try {
      const models = await this.models();
      return { ok: true, detail: `openai-compatible at ${this.http.baseUrl} (${models.length} models)` };
    } catch (error) {
      return { ok: false, detail: (error as Error).message };
    }
  }

  async checkModel(model: string): Promise<void> {
    const models = await this.models();
    if (!models.includes(model)) {
      throw new BridgeError(
        "INVALID_ARGS",
        `The server at ${this.http.baseUrl} does not serve model '${model}' (it serves: ${models.join(", ") || "none"}); set the NPC's llm.model`,
      );
    }
  }
}
