/**
 * The LLM readiness the NPCs wait for (issue 27): llama.cpp answers 503 "Loading model" while it
 * loads, Ollama may lack the model; the check names the cause, and the background wait turns the
 * NPCs on once the server is ready, without a restart. The fake LLM over real HTTP.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger } from "@mcp-bridge/shared";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testRedisUrl, uniquePrefix } from "../../../shared/testing/redis.js";
import { loadConfig } from "../../src/config.js";
import { OllamaBackend } from "../../src/llm/ollama.js";
import { OpenAiBackend } from "../../src/llm/openai.js";
import { LlmWait, llmProblems } from "../../src/llm/readiness.js";
import { NpcService } from "../../src/service.js";
import { FakeLlm } from "../../testing/fake-llm.js";
import { npcDefinition } from "../support/definitions.js";

let llm: FakeLlm;
beforeAll(async () => {
  llm = await new FakeLlm({ models: ["llama3.2:latest", "qwen2.5"] }).start();
});
afterAll(async () => llm.close());

const logger = createLogger({ name: "readiness-test", level: "silent" });

describe("LLM readiness", () => {
  it("checks Ollama's /api/version and /api/tags, and names a missing model", async () => {
    const ollama = new OllamaBackend({ baseUrl: llm.url, retries: 0 });
    const npcs = [npcDefinition(), npcDefinition({ id: "ann", name: "Ann", llm: { model: "mistral" } })];
    llm.calls.length = 0;
    const problems = await llmProblems(npcs, () => ollama);
    expect(problems).toEqual([expect.stringContaining("ann: Ollama at")]);
    expect(problems[0]).toContain("ollama pull mistral");
    expect(llm.calls.map((c) => c.path)).toEqual([]); // probes are GETs, not chat calls
  });

  it("waits while llama.cpp loads its model, then turns the NPCs on by itself", async () => {
    const openai = new OpenAiBackend({ baseUrl: llm.url, retries: 0 });
    const npcs = [npcDefinition({ llm: { backend: "openai", model: "qwen2.5" } })];
    llm.loading = true;
    const seen: string[][] = [];
    let on = 0;
    const wait = new LlmWait({
      problems: async () => {
        const problems = await llmProblems(npcs, () => openai);
        seen.push(problems);
        return problems;
      },
      onReady: async () => {
        on++;
      },
      logger,
      maxDelayMs: 100,
    });
    try {
      expect(await wait.check()).toBe(false);
      expect(seen[0]).toEqual([expect.stringContaining("(503): Loading model")]);
      await new Promise((r) => setTimeout(r, 250));
      expect(on).toBe(0);
      llm.loading = false;
      await wait.done;
      expect(on).toBe(1);
      expect(seen.at(-1)).toEqual([]);
    } finally {
      wait.close();
      llm.loading = false;
    }
  });
});

describe("the NPC service while the LLM is not ready", () => {
  it("starts anyway, owns no NPC, and turns them on when the LLM is ready", async () => {
    const dir = mkdtempSync(join(tmpdir(), "npc-ready-"));
    const npcFile = join(dir, "npcs.json");
    const bob = { id: "bob", name: "Villager Bob", persona: { systemPrompt: "A merchant." } };
    const llmSettings = { backend: "openai", model: "qwen2.5" };
    writeFileSync(
      npcFile,
      JSON.stringify({ npcs: [{ ...bob, llm: llmSettings, location: { x: 0, y: 64, z: 0 } }] }),
    );
    const config = loadConfig({
      REDIS_URL: testRedisUrl(),
      REDIS_PREFIX: uniquePrefix("npcready"),
      JOB_SECRET: "a-test-secret-0123456789",
      POLICY_FILE: join(dir, "missing-policy.json"),
      NPC_FILE: npcFile,
      OPENAI_BASE_URL: llm.url,
      JOB_TIMEOUT_MS: "200",
      NPC_LLM_CHECK_MS: "100",
    });
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 3 });
    const service = new NpcService(config, redis, logger);
    llm.loading = true;
    try {
      await service.start(); // returns although the LLM is loading
      expect(service.npcsOn).toBe(false);
      await new Promise((r) => setTimeout(r, 300));
      expect(service.list().map((s) => s.owned)).toEqual([false]);
      llm.loading = false;
      await service.whenOn();
      expect(service.npcsOn).toBe(true);
      for (let i = 0; i < 100 && !service.list()[0]?.owned; i++) await new Promise((r) => setTimeout(r, 20));
      expect(service.list().map((s) => s.owned)).toEqual([true]);
    } finally {
      llm.loading = false;
      await service.close();
      redis.disconnect();
    }
  });
});
