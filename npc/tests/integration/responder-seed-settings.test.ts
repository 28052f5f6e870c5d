/**
 * The seed's NPC settings through the real responder (issue 27 §3): `llm.enabled: false` (no LLM
 * call, the fallback line or nothing), `llm.retries` (the calls a failing server gets), and the
 * response cache `llm.cacheTtlMs` (the same messages within the TTL reuse the answer; an answer
 * that ran a command is never reused). Real Redis, the fake LLM over HTTP; the queue is played by
 * a job runner that records each command.
 */
import { describe, expect, it } from "vitest";
import { until } from "../../../shared/testing/processes.js";
import { uniquePrefix } from "../../../shared/testing/redis.js";
import { ConversationHistory } from "../../src/conversation/history.js";
import type { IncomingMessage } from "../../src/conversation/message.js";
import { npcDefinition } from "../support/definitions.js";
import { llmAndRedis, recordingRunner, testResponder } from "../support/responder.js";

const { llm, redis } = llmAndRedis();

let seq = 0;
/** Steve says `text` (a fresh message id each time). */
const says = (text: string): IncomingMessage => {
  seq += 1;
  return {
    id: `events/${900_000 + seq}-0`,
    kind: "chat",
    sender: "Steve",
    content: text,
    distance: 2,
    timestamp: seq,
  };
};

/** Bob hears each text in turn (one batch each); the commands queued, the LLM calls made, metrics. */
async function converse(over: Record<string, unknown>, texts: string[], pauseMs = 0) {
  const npc = npcDefinition(over);
  const history = new ConversationHistory(redis, uniquePrefix("seed"));
  const { runner, commands } = recordingRunner();
  const before = llm.chatCalls().length;
  const { responder, done, metrics } = testResponder({
    npc,
    history,
    runner,
    llmUrl: llm.url,
    batchDelayMs: 5,
  });
  await responder.resume();
  for (const [i, text] of texts.entries()) {
    if (i > 0 && pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
    responder.enqueue(says(text));
    await until(() => done.length === i + 1, `'${text}' answered`, 5_000, 20);
  }
  await responder.close();
  return { commands, calls: llm.chatCalls().length - before, metrics };
}

const spoken = (commands: string[]) => commands.filter((c) => c.includes("tellraw")).length;

describe("llm.enabled", () => {
  it("off: no LLM call; the fallback line is said and the message counted as llm_disabled", async () => {
    const { commands, calls, metrics } = await converse(
      { llm: { enabled: false, fallbackLine: "I am busy." } },
      ["Hello Bob"],
    );
    expect(calls).toBe(0);
    expect(commands.join("\n")).toContain("I am busy.");
    const dropped = (await metrics.dropped.get()).values.find((v) => v.labels.reason === "llm_disabled");
    expect(dropped?.value).toBe(1);
  });
});

describe("llm.retries", () => {
  it("a failing server gets the first call and that many retries, no more", async () => {
    llm.respond = () => "<say>Hi</say>";
    // Two failures: with the default 3 retries the third call would answer "Hi".
    llm.fault({ kind: "status", status: 500, message: "busy" }, 2);
    const { calls, commands } = await converse({ llm: { retries: 1, fallbackLine: "Hmm." } }, ["Hello Bob"]);
    expect(calls).toBe(2);
    expect(commands.join("\n")).toContain("Hmm.");
    expect(commands.join("\n")).not.toContain("Hi");
  });
});

describe("llm.cacheTtlMs (response cache)", () => {
  it("answers the same message again within the TTL without an LLM call", async () => {
    let n = 0;
    llm.respond = () => `<say>Hello Steve (${++n})</say>`;
    const { calls, commands, metrics } = await converse({ llm: { cacheTtlMs: 60_000 } }, [
      "Hello Bob",
      "Hello Bob",
      "Bye Bob",
    ]);
    expect(calls).toBe(2);
    expect(commands.filter((c) => c.includes("Hello Steve (1)"))).toHaveLength(2);
    const cached = (await metrics.llmAnswers.get()).values.find((v) => v.labels.stop === "cached");
    expect(cached?.value).toBe(1);
  });

  it("asks again after the TTL, and never reuses an answer that ran a command", async () => {
    llm.respond = () => "<say>Bread!</say><function>give Steve minecraft:bread 1</function>";
    const withCommand = await converse({ llm: { cacheTtlMs: 60_000 } }, ["Bread Bob", "Bread Bob"]);
    expect(withCommand.calls).toBe(2);
    llm.respond = () => "<say>Hi</say>";
    const expired = await converse({ llm: { cacheTtlMs: 100 } }, ["Hi Bob", "Hi Bob"], 200);
    expect(expired.calls).toBe(2);
  });

  it("is off by default", async () => {
    llm.respond = () => "<say>Hi</say>";
    const { calls, commands } = await converse({}, ["Hi Bob", "Hi Bob"]);
    expect(calls).toBe(2);
    expect(spoken(commands)).toBe(2);
  });
});
