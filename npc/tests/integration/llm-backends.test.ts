import type { BridgeError } from "@mcp-bridge/shared";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ChatRequest, LlmBackend } from "../../src/llm/backend.js";
import { OllamaBackend } from "../../src/llm/ollama.js";
import { OpenAiBackend } from "../../src/llm/openai.js";
import { FakeLlm } from "../support/fake-llm.js";

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
  it("sends stream, keep_alive, num_ctx and the format schema", async () => {
    const format = { type: "object" };
    await new OllamaBackend({ baseUrl: llm.url }).chat(request({ numCtx: 4096, keepAlive: "10m", format }));
    const body = llm.chatCalls()[0]!.body;
    expect(body).toMatchObject({
      stream: true,
      keep_alive: "10m",
      options: { temperature: 0.7, num_ctx: 4096 },
      format,
    });
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

  it("asks for a JSON schema response format when constrained", async () => {
    await new OpenAiBackend({ baseUrl: llm.url }).chat(request({ format: { type: "object" } }));
    expect(llm.chatCalls()[0]!.body.response_format).toMatchObject({ type: "json_schema" });
  });
});
