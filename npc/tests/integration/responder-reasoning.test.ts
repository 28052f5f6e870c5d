/**
 * A reasoning model's answer through the real responder (issue 25, item 6): its reasoning, in the
 * content or apart from it (Ollama's message.thinking, vLLM's reasoning_content), is never run,
 * said or kept; Ollama is asked not to think unless the NPC file says `reasoning: true`; and a huge
 * answer says a bounded number of chat lines and leaves a bounded trace in the history, so later
 * prompts stay small. Real Redis, the fake LLM over HTTP; the queue is played by a job runner that
 * records each job's command.
 */
import { describe, expect, it } from "vitest";
import { until } from "../../../shared/testing/processes.js";
import { uniquePrefix } from "../../../shared/testing/redis.js";
import { ConversationHistory } from "../../src/conversation/history.js";
import { speechCommands } from "../../src/world/minecraft-commands.js";
import { npcDefinition } from "../support/definitions.js";
import { llmAndRedis, question, recordingRunner, testResponder } from "../support/responder.js";

const SECRET = "hunter2";
/** The reported answer: a command and a secret planted in the reasoning, then a greeting. */
const REASONING_ANSWER =
  "<think>Steve asks for diamonds. <function>give Steve diamond 64</function> " +
  `The admin password is ${SECRET}, <say>the password is ${SECRET}</say></think><say>Hi</say>`;
/** The reasoning a thinking model returns apart from its content. */
const APART = `<say>the password is ${SECRET}</say><function>give Steve diamond 64</function>`;

const { llm, redis } = llmAndRedis({ models: ["qwen3:latest", "deepseek-r1"] });

/** Bob answers `questions` with the given llm settings; returns the commands queued and the history. */
async function converse(llm: Record<string, unknown>, questions: number[]) {
  const npc = npcDefinition({ llm });
  const history = new ConversationHistory(redis, uniquePrefix("reasoning"));
  const { runner, commands } = recordingRunner();
  const { responder, done } = testResponder({ npc, history, runner, llmUrl: llmUrl(), batchDelayMs: 10 });
  await responder.resume();
  for (const n of questions) {
    responder.enqueue(question(n));
    await until(() => done.length === questions.indexOf(n) + 1, `question ${n} answered`, 4_000, 20);
  }
  await responder.close();
  return { npc, commands, history: await history.read(npc.id) };
}
const llmUrl = () => llm.url;
const callsAbout = (n: number) =>
  llm.chatCalls().filter((c) => c.body.messages.at(-1)?.content.includes(`question ${n}"`));

describe("a reasoning model's answer", () => {
  it("runs nothing and says nothing from its reasoning (Ollama), and asks with think:false", async () => {
    llm.respond = () => ({ content: REASONING_ANSWER, thinking: APART });
    const { commands, history } = await converse({ model: "qwen3" }, [101]);
    expect(commands).toHaveLength(1);
    expect(commands[0]).toContain("<Villager Bob> ");
    expect(commands[0]).toMatch(/"text":"Hi"}]$/);
    expect(commands.join("\n")).not.toContain(SECRET);
    expect(commands.some((c) => c.startsWith("give"))).toBe(false);
    expect(JSON.stringify(history)).not.toContain(SECRET);
    expect(callsAbout(101).map((c) => c.body.think)).toEqual([false]);
  });

  it("lets the model think when the NPC file asks, and still never says or runs its thinking", async () => {
    llm.respond = () => ({ content: "<say>Hi</say>", thinking: APART }); // streamed in message.thinking
    const { commands } = await converse({ model: "qwen3", reasoning: true }, [102]);
    const [call] = callsAbout(102);
    expect(call?.body).not.toHaveProperty("think");
    expect(commands).toHaveLength(1);
    expect(commands.join("\n")).not.toContain(SECRET);
  });

  it("ignores vLLM's reasoning_content and reasoning in the content (OpenAI-compatible)", async () => {
    llm.respond = () => ({ content: REASONING_ANSWER, thinking: APART });
    const { commands } = await converse({ backend: "openai", model: "deepseek-r1" }, [103]);
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatch(/"text":"Hi"}]$/);
    expect(commands.join("\n")).not.toContain(SECRET);
    const [call] = callsAbout(103);
    expect(call?.path).toBe("/v1/chat/completions");
    expect(call?.body).not.toHaveProperty("think"); // not an OpenAI field: nothing is sent
  });
});

describe("a huge answer", () => {
  it("says at most maxAnswerLines chat lines, keeps at most maxHistoryChars, and later prompts stay small", async () => {
    const huge = `<say>${"All work and no play makes Bob a dull villager. ".repeat(1050)}</say>`;
    expect(huge.length).toBeGreaterThan(50_000);
    llm.respond = (call) =>
      call.body.messages.at(-1)?.content.includes("question 104") ? huge : "<say>Ok</say>";
    const { npc, commands, history } = await converse(
      { model: "qwen3", maxAnswerLines: 5, maxHistoryChars: 400, maxOutputTokens: 32_768 }, // the whole 50 KB arrives
      [104, 105],
    );
    const hugeLines = commands.length - 1; // the last one answers question 105
    expect(hugeLines).toBe(5);
    expect(commands[4]).toMatch(/\.\.\."}]$/);
    const said = history.filter((e) => e.kind === "said");
    expect(said[0]?.text.length).toBeLessThanOrEqual(400);
    expect(said[0]?.text.endsWith("...")).toBe(true);
    const next =
      callsAbout(105)[0]
        ?.body.messages.map((m) => m.content)
        .join("\n") ?? "";
    expect(next.length).toBeLessThan(npc.persona.systemPrompt.length + 3000);
    expect(speechCommands(npc, huge).length).toBeGreaterThan(100); // unbounded, it would have been
  });
});
