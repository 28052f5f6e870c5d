/**
 * A responder that takes an NPC over answers the batch its previous owner began and did not record
 * first, exactly as it was (docs/architecture.md, "NPC ownership"): the same messages and the same
 * key, so its tellraw jobs get the ids the previous owner's had and the bridge runs them once.
 * Messages that arrive meanwhile wait for the next batch. Real Redis (history, batch record) and the
 * fake LLM over HTTP; the queue is played by a job runner that records each job's id and command.
 */
import { describe, expect, it } from "vitest";
import { uniquePrefix } from "../../../shared/testing/redis.js";
import { actionId, type JobRunner } from "../../src/actions/executor.js";
import { batchKey } from "../../src/conversation/batch.js";
import { ConversationHistory } from "../../src/conversation/history.js";
import { npcDefinition } from "../support/definitions.js";
import { llmAndRedis, question, testResponder } from "../support/responder.js";

const { llm, redis } = llmAndRedis();
llm.respond = (call) => {
  const asked = [...(call.body.messages.at(-1)?.content ?? "").matchAll(/question (\d+)/g)];
  return `<say>ok ${asked.map((m) => m[1]).join(" ")}</say>`;
};

describe("responder after a takeover", () => {
  it("answers the previous owner's unfinished batch first, with its key, then the rest", async () => {
    const npc = npcDefinition({ llm: { model: "llama3.2:latest" } });
    const history = new ConversationHistory(redis, uniquePrefix("replay"));
    const jobs: { id: string; command: string }[] = [];
    const runner: JobRunner = {
      async run(_server, _op, args, _client, _timeout, requestId) {
        jobs.push({ id: String(requestId), command: String((args as { command: string }).command) });
        return { status: "completed", jobId: String(requestId), data: { output: "" } };
      },
    };
    const { responder, done } = testResponder({ npc, history, runner, llmUrl: llm.url, batchDelayMs: 50 });
    // The previous owner began answering 1 and 2 (and a proximity that lived only in its memory).
    const ids = [question(1).id, question(2).id, "proximity:bob:Alex:5"];
    const key = batchKey(npc.id, ids);
    await history.beginBatch(npc.id, { key, ids });
    await responder.resume();
    responder.enqueue(question(3)); // new, arrives before the old ones come back
    responder.enqueue(question(2));
    responder.enqueue(question(1));
    for (let i = 0; i < 100 && done.length < 3; i++) await new Promise((r) => setTimeout(r, 50));
    await responder.close();
    expect(done).toEqual([question(2).id, question(1).id, question(3).id]);
    expect(jobs[0]).toEqual({
      id: actionId(`${key}:0:say`, 0),
      command: expect.stringMatching(/"ok (1 2|2 1)"/),
    });
    expect(jobs[1]?.command).toContain("ok 3");
    expect(await history.unfinishedBatch(npc.id)).toBeUndefined();
  });
});
