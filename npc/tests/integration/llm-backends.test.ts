import type { BridgeError } from "@mcp-bridge/shared";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ChatRequest, LlmBackend } from "../../src/llm/backend.js";
import { OllamaBackend } from "../../src/llm/ollama.js";
import { OpenAiBackend } from "../../src/llm/openai.js";
import { FakeLlm } from "../../testing/fake-llm.js";

const request = (over: Partial<ChatRequest> = {}): ChatRequest => ({
  model: "llama3.2",
  messages: [
    { role: "system", content: "You are Bob." },
    { role: "user", content: "Hello" },
  ],
  temperature: 0.7,
  timeoutMs: 5000,
  ...over,
});

async function failure(promise: Promise<unknown>): Promise<BridgeError> {
  try {
    await promise;
  } catch (error) {
    return error as BridgeError;
  }
  throw new Error("expected a failure");
}

let llm: FakeLlm;
beforeEach(async () => {
  llm = await new FakeLlm({ chunkDelayMs: 1 }).start();
});
afterEach(async () => {
  await llm.close();
});

const backends: [string, () => LlmBackend][] = [
  ["ollama", () => new OllamaBackend({ baseUrl: llm.url, retryBaseMs: 10 })],
  ["openai", () => new OpenAiBackend({ baseUrl: llm.url, retryBaseMs: 10 })],
];

describe.each(backends)("%s backend against the fake LLM server", (name, make) => {
  // Ollama lists "name:tag"; OpenAI-compatible servers list exact ids.
  beforeEach(() => {
    if (name === "openai") llm.models = ["llama3.2"];
  });

  it("answers with the whole reply and token counts", async () => {
    llm.respond = () => "<thinking>greet</thinking><say>Hello Steve, welcome to the village!</say>";
    const result = await make().chat(request());
    expect(result.content).toBe("<thinking>greet</thinking><say>Hello Steve, welcome to the village!</say>");
    expect(result.completionTokens).toBeGreaterThan(0);
    expect(result.promptTokens).toBeGreaterThan(0);
  });

  it("reports health and a missing model with what to do", async () => {
    const backend = make();
    expect((await backend.health()).ok).toBe(true);
    await backend.checkModel("llama3.2");
    const missing = await failure(backend.checkModel("mistral"));
    expect(missing.code).toBe("INVALID_ARGS");
    expect(missing.message).toContain(name === "ollama" ? "ollama pull mistral" : "llm.model");
  });

  it("retries 429 and 5xx, then answers", async () => {
    llm.fault({ kind: "status", status: 429 }).fault({ kind: "status", status: 503 });
    const result = await make().chat(request());
    expect(result.content).toBe("<say>Hello there!</say>");
    expect(llm.chatCalls()).toHaveLength(3);
  });

  it("gives up after the retries with CONNECTION_ERROR", async () => {
    llm.fault({ kind: "status", status: 500, message: "out of memory" }, 4);
    const error = await failure(make().chat(request()));
    expect(error.code).toBe("CONNECTION_ERROR");
    expect(error.message).toContain("out of memory");
    expect(llm.chatCalls()).toHaveLength(4);
  });

  it("does not retry a model that is not there", async () => {
    const error = await failure(make().chat(request({ model: "mistral" })));
    expect(error.code).toBe("INVALID_ARGS");
    expect(llm.chatCalls()).toHaveLength(1);
  });

  it("keeps its own deadline when the server hangs", async () => {
    llm.fault({ kind: "hang" }, 5);
    const error = await failure(make().chat(request({ timeoutMs: 300 })));
    expect(error.code).toBe("TIMEOUT");
    expect(error.message).toContain("300 ms");
  });

  it("retries a dropped connection", async () => {
    llm.fault({ kind: "dropConnection" });
    expect((await make().chat(request())).content).toBe("<say>Hello there!</say>");
  });

  it("says the server is unreachable when nothing listens", async () => {
    const baseUrl = llm.url;
    await llm.close();
    const backend =
      name === "ollama"
        ? new OllamaBackend({ baseUrl, retries: 0 })
        : new OpenAiBackend({ baseUrl, retries: 0 });
    const health = await backend.health();
    expect(health.ok).toBe(false);
    expect(health.detail).toContain("unreachable");
    llm = await new FakeLlm().start();
  });
});

describe("ollama specifics", () => {
  it("sends stream, keep_alive, num_ctx, num_predict and the format schema", async () => {
    const format = { type: "object" };
    await new OllamaBackend({ baseUrl: llm.url }).chat(
      request({ numCtx: 4096, keepAlive: "10m", maxOutputTokens: 300, format }),
    );
    const body = llm.chatCalls()[0]!.body;
    expect(body).toMatchObject({
      stream: true,
      keep_alive: "10m",
      options: { temperature: 0.7, num_ctx: 4096, num_predict: 300 },
      format,
    });
  });

  it("leaves keep_alive and temperature to the server unless set", async () => {
    await new OllamaBackend({ baseUrl: llm.url }).chat(request({ temperature: undefined }));
    const body = llm.chatCalls()[0]!.body;
    expect(body).not.toHaveProperty("keep_alive"); // else it overrides the admin's OLLAMA_KEEP_ALIVE
    expect(body.options).not.toHaveProperty("temperature");
  });

  it("reports an answer cut by num_predict (done_reason length)", async () => {
    llm.respond = () => "<say>A long story about the village and its many, many sheep.</say>";
    const result = await new OllamaBackend({ baseUrl: llm.url }).chat(request({ maxOutputTokens: 5 }));
    expect(result.stopReason).toBe("length");
    expect(result.content).toBe("<say>A long story ab");
    const whole = await new OllamaBackend({ baseUrl: llm.url }).chat(request());
    expect(whole.stopReason).toBe("stop");
  });

  it("turns an error inside the stream into a failure, retried once it recurs", async () => {
    llm.fault({ kind: "midStreamError", message: "llama runner process has terminated" }, 4);
    const error = await failure(new OllamaBackend({ baseUrl: llm.url, retryBaseMs: 5 }).chat(request()));
    expect(error.code).toBe("SERVER_ERROR");
    expect(error.message).toContain("llama runner process has terminated");
    expect(llm.chatCalls()).toHaveLength(4);
  });

  it("refuses a stream line that is not JSON", async () => {
    llm.fault({ kind: "malformedLine" });
    const error = await failure(new OllamaBackend({ baseUrl: llm.url, retries: 0 }).chat(request()));
    expect(error.message).toContain("not JSON");
  });
});

describe("openai specifics", () => {
  it("sends the API key and says so when it is refused", async () => {
    await llm.close();
    llm = await new FakeLlm({ apiKey: "sk-test-123" }).start();
    const ok = await new OpenAiBackend({ baseUrl: llm.url }, "sk-test-123").chat(request());
    expect(ok.content).toBe("<say>Hello there!</say>");
    const error = await failure(new OpenAiBackend({ baseUrl: llm.url }, "wrong").chat(request()));
    expect(error.code).toBe("AUTH_FAILED");
    expect(error.message).toContain("LLM_API_KEY");
  });

  it("sends max_tokens or max_completion_tokens, and temperature only when set", async () => {
    const backend = new OpenAiBackend({ baseUrl: llm.url });
    await backend.chat(request({ maxOutputTokens: 200, temperature: undefined }));
    await backend.chat(request({ maxOutputTokens: 200, maxTokensParam: "max_completion_tokens" }));
    const [first, second] = llm.chatCalls().map((c) => c.body);
    expect(first).toMatchObject({ max_tokens: 200 });
    expect(first).not.toHaveProperty("temperature");
    expect(second).toMatchObject({ max_completion_tokens: 200, temperature: 0.7 });
    expect(second).not.toHaveProperty("max_tokens");
  });

  it("reports an answer cut by max_tokens (finish_reason length)", async () => {
    llm.respond = () => "<say>A long story about the village and its many, many sheep.</say>";
    const result = await new OpenAiBackend({ baseUrl: llm.url }).chat(request({ maxOutputTokens: 5 }));
    expect(result.stopReason).toBe("length");
    expect(result.content).toBe("<say>A long story ab");
  });

  it("keeps a refusal (content null) instead of calling the answer malformed", async () => {
    llm.respond = () => ({ refusal: "I can't help with that." });
    const result = await new OpenAiBackend({ baseUrl: llm.url }).chat(request());
    expect(result).toMatchObject({ stopReason: "refusal", refusal: "I can't help with that.", content: "" });
  });

  it("honours Retry-After: no retry sooner, none at all past the deadline", async () => {
    llm.fault({ kind: "status", status: 429, code: "rate_limit_exceeded", headers: { "retry-after": "20" } });
    const started = Date.now();
    const error = await failure(new OpenAiBackend({ baseUrl: llm.url, retryBaseMs: 10 }).chat(request()));
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.message).toContain("wait 20 s");
    expect(llm.chatCalls()).toHaveLength(1); // not four requests against a per-minute limit
    expect(Date.now() - started).toBeLessThan(1000);

    llm.calls.length = 0;
    llm.fault({ kind: "status", status: 429, code: "rate_limit_exceeded", headers: { "retry-after": "1" } });
    const waited = Date.now();
    const ok = await new OpenAiBackend({ baseUrl: llm.url, retryBaseMs: 10 }).chat(request());
    expect(ok.content).toBe("<say>Hello there!</say>");
    expect(llm.chatCalls()).toHaveLength(2);
    expect(Date.now() - waited).toBeGreaterThanOrEqual(950);
  });

  it("does not retry a 429 insufficient_quota, and says what to do", async () => {
    llm.fault(
      { kind: "status", status: 429, code: "insufficient_quota", message: "You exceeded your current quota" },
      4,
    );
    const error = await failure(new OpenAiBackend({ baseUrl: llm.url, retryBaseMs: 10 }).chat(request()));
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.retryable).toBe(false);
    expect(error.message).toContain("You exceeded your current quota");
    expect(error.message).toContain("add credit");
    expect(llm.chatCalls()).toHaveLength(1);
  });

  it("reads vLLM's top-level error body", async () => {
    const body = {
      object: "error",
      message: "This model's maximum context length is 4096 tokens.",
      type: "BadRequestError",
      param: null,
      code: 400,
    };
    llm.fault({ kind: "status", status: 400, body });
    const error = await failure(new OpenAiBackend({ baseUrl: llm.url }).chat(request()));
    expect(error.code).toBe("INVALID_ARGS");
    expect(error.message).toContain("refused the request (400): This model's maximum context length");
    expect(error.message).not.toContain('"object"');
  });

  it("says llama.cpp is still loading its model", async () => {
    llm.loading = true;
    const health = await new OpenAiBackend({ baseUrl: llm.url }).health();
    expect(health.ok).toBe(false);
    expect(health.detail).toContain("(503): Loading model");
  });

  it("asks for a JSON schema response format when constrained", async () => {
    await new OpenAiBackend({ baseUrl: llm.url }).chat(request({ format: { type: "object" } }));
    expect(llm.chatCalls()[0]!.body.response_format).toMatchObject({ type: "json_schema" });
  });
});
