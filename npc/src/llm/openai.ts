/**
 * OpenAI-compatible servers (llama.cpp server, vLLM, LM Studio, hosted APIs). In: POST
 * /v1/chat/completions {model, messages, temperature, stream:false, response_format?} with
 * "Authorization: Bearer <LLM_API_KEY>" when a key is set. Out: {choices:[{message:{content}}],
 * usage:{prompt_tokens, completion_tokens}}. Health and model check: GET /v1/models {data:[{id}]}.
 * Reasoning: the API has no switch every server accepts (OpenAI's `reasoning_effort` is refused by
 * non-reasoning models, vLLM's `chat_template_kwargs` is vLLM's own), so none is sent; the reasoning
 * a server returns apart (vLLM and DeepSeek: `message.reasoning_content`, newer vLLM:
 * `message.reasoning`) is never read, and reasoning inside `content` is removed by the parser.
 */
import { BridgeError } from "@mcp-bridge/shared";
import type { ChatRequest, ChatResult, Health, LlmBackend } from "./backend.js";
import { type HttpOptions, requestWithRetries } from "./http.js";

const PROBE_TIMEOUT_MS = 3000;

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
      temperature: request.temperature,
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
      this.http,
      "/v1/chat/completions",
      { method: "POST", body },
      request.timeoutMs,
      async (response) => {
        const value = (await response.json().catch(() => undefined)) as
          | {
              choices?: { message?: { content?: unknown } }[];
              usage?: { prompt_tokens?: number; completion_tokens?: number };
            }
          | undefined;
        const content = value?.choices?.[0]?.message?.content;
        if (typeof content !== "string") {
          throw new BridgeError(
            "SERVER_ERROR",
            "OpenAI-compatible server answered without choices[0].message.content",
          );
        }
        return {
          content,
          promptTokens: value?.usage?.prompt_tokens ?? 0,
          completionTokens: value?.usage?.completion_tokens ?? 0,
          durationMs: performance.now() - started,
        };
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
