/** What the NPC service needs from an LLM server, whichever protocol it speaks. */
export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature: number;
  /** Our deadline for the whole answer, retries included (ms). */
  timeoutMs: number;
  numCtx?: number;
  keepAlive?: string;
  /** JSON schema the answer must follow (constrained output). */
  format?: Record<string, unknown>;
  /**
   * Let a reasoning model think before it answers (default: no). Off, the backend asks the server
   * not to where its API has a switch (Ollama `think: false`). Either way the reasoning a server
   * returns apart from the answer is never read.
   */
  reasoning?: boolean;
}

export interface ChatResult {
  content: string;
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
