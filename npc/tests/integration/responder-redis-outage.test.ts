/**
 * Redis gone while a batch is being answered: the batch's history read fails while the NPC's
 * perception is still being read (up to a second). That batch fails (logged, its messages done) and
 * the process goes on: a rejection left without a handler would end it (Node's default). A real
 * Redis client whose connection is lost, and the fake LLM over HTTP.
 */
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { unhandledRejections } from "../../../shared/testing/errors.js";
import { testRedisUrl, uniquePrefix } from "../../../shared/testing/redis.js";
import { ConversationHistory } from "../../src/conversation/history.js";
import { npcDefinition } from "../support/definitions.js";
import { llmAndRedis, question, recordingRunner, testResponder } from "../support/responder.js";

const { llm } = llmAndRedis();
llm.respond = () => "<say>hello</say>";

describe("responder during a Redis outage", () => {
  const unhandled = unhandledRejections();

  it("fails the batch whose history cannot be read while its perception is, never the process", async () => {
    // Its connection to Redis is lost for good once the responder has started.
    const lost = new Redis(testRedisUrl(), { maxRetriesPerRequest: 0, retryStrategy: () => null });
    lost.on("error", () => undefined);
    const history = new ConversationHistory(lost, uniquePrefix("outage"));
    const { runner, commands } = recordingRunner();
    const perceive = async () => {
      await new Promise((r) => setTimeout(r, 300));
      return ["time: 12:00; weather: clear"];
    };
    const npc = npcDefinition({ llm: { model: "llama3.2:latest" } });
    const { responder, done } = testResponder({
      npc,
      history,
      runner,
      llmUrl: llm.url,
      batchDelayMs: 20,
      perceive,
    });
    try {
      await responder.resume();
      lost.disconnect();
      responder.enqueue(question(1));
      for (let i = 0; i < 100 && done.length < 1; i++) await new Promise((r) => setTimeout(r, 20));
      expect(done).toEqual([question(1).id]);
      expect(commands).toEqual([]); // nothing said: the answer could not be recorded
      expect(unhandled).toEqual([]);
    } finally {
      await responder.close();
    }
  });
});
