/** What the NPC service needs from an LLM server, whichever protocol it speaks. */
export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  /** Sent only when set: some models take only their default (OpenAI's reasoning models: 1). */
  temperature?: number;
  /** Our deadline for the whole answer, retries included (ms). */
  timeoutMs: number;
  /** Retries after the first attempt (default: the backend's HttpOptions.retries, else 3). */
  retries?: number;
  /** Cap on the answer's tokens (Ollama `options.num_predict`, OpenAI `max_tokens` or `max_completion_tokens`). */
  maxOutputTokens?: number;
  /** Which OpenAI field carries maxOutputTokens (OpenAI's reasoning models refuse `max_tokens`). */
  maxTokensParam?: "max_tokens" | "max_completion_tokens";
  numCtx?: number;
  /** Ollama `keep_alive`; unset: not sent, so the server's OLLAMA_KEEP_ALIVE applies. */
  keepAlive?: string | number;
  /** JSON schema the answer must follow (constrained output). */
  format?: Record<string, unknown>;
  /**
   * Let a reasoning model think before it answers (default: no). Off, the backend asks the server
   * not to where its API has a switch (Ollama `think: false`). Either way the reasoning a server
   * returns apart from the answer is never read.
   */
  reasoning?: boolean;
}

/**
 * Why the answer ended: "stop" (the model finished), "length" (the output cap or the context was
 * reached: the answer is cut), "refusal" (the model declined; `refusal` says why), or the
 * server's own word for anything else (e.g. OpenAI's "content_filter").
 */
export type StopReason = "stop" | "length" | "refusal" | (string & {});

export interface ChatResult {
  content: string;
  stopReason: StopReason;
  /** The model's refusal text (OpenAI `message.refusal`), when it declined. */
  refusal?: string;
  promptTokens: number;
  completionTokens: number;
  durationMs: number;
}

export interface Health {
  ok: boolean;
  /** e.g. "ollama 0.12.3" or "openai-compatible (3 models)"; why not, when !ok. */
  detail: string;
}

export interface LlmBackend {
  readonly name: string;
  chat(request: ChatRequest): Promise<ChatResult>;
  health(): Promise<Health>;
  /** Throws INVALID_ARGS saying how to get the model when the server does not have it. */
  checkModel(model: string): Promise<void>;
}
