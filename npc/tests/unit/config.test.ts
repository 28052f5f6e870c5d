import { ConfigError } from "@mcp-bridge/shared";
import { describe, expect, it } from "vitest";
import { expectEmptyMeansUnset } from "../../../shared/testing/config.js";
import { loadConfig, loadLlmConfig, NpcEnvSchema } from "../../src/config.js";

const base = {
  REDIS_URL: "redis://127.0.0.1:6379",
  JOB_SECRET: "0123456789abcdef0123",
  POLICY_FILE: "policy.json",
  NPC_FILE: "npcs.yaml",
};

describe("loadConfig", () => {
  it("shapes the variables into the slices main.ts hands out", () => {
    const config = loadConfig({
      ...base,
      NPC_OPS_PORT: "0",
      NPC_ALLOWED_HOSTS: "npc.example",
      LLM_API_KEY: "k",
    });
    expect(config.ops).toEqual({ host: "127.0.0.1", port: 0, allowedHosts: ["npc.example"] });
    expect(config.llm).toEqual({
      ollamaHost: "http://127.0.0.1:11434",
      openaiBaseUrl: "http://127.0.0.1:8000",
      apiKey: "k",
      concurrency: 4,
      checkMs: 30_000,
    });
    expect(config.jobs).toEqual({ secret: base.JOB_SECRET, timeoutMs: 10_000 });
    expect(config.conversation.maxTurns).toBe(4);
  });

  it("reads an empty variable as unset: its default applies", () => {
    expect(
      loadConfig({ ...base, NPC_OPS_PORT: "", NPC_ALLOWED_HOSTS: "", NPC_POLICY_MERGE: "" }),
    ).toMatchObject({
      ops: { port: 8090, allowedHosts: ["127.0.0.1", "localhost", "[::1]"] },
      policyMerge: false,
    });
    expectEmptyMeansUnset(Object.keys(NpcEnvSchema.shape), base, loadConfig);
  });

  it("lists every problem at once", () => {
    try {
      loadConfig({ NPC_OPS_PORT: "70000", OLLAMA_HOST: "ollama:11434" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join("\n");
      for (const key of [
        "REDIS_URL",
        "JOB_SECRET",
        "POLICY_FILE",
        "NPC_FILE",
        "NPC_OPS_PORT",
        "OLLAMA_HOST",
      ]) {
        expect(problems).toContain(key);
      }
    }
  });

  it("reads the LLM addresses alone for `minecraft-npc check`, by the same rules", () => {
    expect(loadLlmConfig({ OLLAMA_HOST: "", OPENAI_BASE_URL: "http://llm:9000" })).toEqual({
      ollamaHost: "http://127.0.0.1:11434",
      openaiBaseUrl: "http://llm:9000",
      apiKey: undefined,
    });
    expect(() => loadLlmConfig({ OLLAMA_HOST: "llm:11434" })).toThrow(/OLLAMA_HOST: must be an http/);
  });
});
