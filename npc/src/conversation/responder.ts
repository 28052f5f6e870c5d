/**
 * One NPC's turn-taking: its conversation queue, the batching timer, and for each batch the LLM
 * call (global concurrency cap, per-NPC token bucket, deadline), the parsed reply, the actions,
 * the history and the acknowledgement of every message in the batch. One batch at a time per NPC.
 * When the LLM is down or too slow the NPC stays silent or says its fallback line, which does not
 * enter history; who went unanswered is logged and counted (npc_messages_dropped_total, reason
 * llm_failed). An answer is bounded (answer-bounds.ts): so many chat lines, so much history. An
 * answer the server cut (output cap) or a refusal is logged and counted (npc_llm_answers_total).
 */
import type { Policy } from "@mcp-bridge/shared";
import type { ChainableCommander } from "ioredis";
import type { Logger } from "pino";
import type { ActionExecutor } from "../actions/executor.js";
import { checkCalls } from "../actions/tool-calls.js";
import type { NpcDefinition } from "../definitions/schema.js";
import type { ChatMessage, LlmBackend } from "../llm/backend.js";
import type { NpcMetrics } from "../ops/metrics.js";
import { stripReasoning } from "../parser/reasoning.js";
import type { ParsedReply } from "../parser/tag-parser.js";
import { boundHistory, boundSpeech } from "./answer-bounds.js";
import { AnswerCache, answerKey } from "./answer-cache.js";
import { batchKey, heardEntries } from "./batch.js";
import { ConversationQueue } from "./conversation-queue.js";
import type { ConversationHistory, HistoryEntry } from "./history.js";
import { askLlm, requestSettings } from "./llm-call.js";
import type { IncomingMessage } from "./message.js";
import { buildMessages, summaryRequest, toolResultsMessages } from "./prompt.js";
import type { NpcLine } from "./router.js";
import type { Semaphore, TokenBuckets } from "./token-bucket.js";

export interface ResponderDeps {
  backend(npc: NpcDefinition): LlmBackend;
  history: ConversationHistory;
  executor: ActionExecutor;
  /** Adds the XADD of a spoken line (for the NPCs around) to the transaction recording the answer. */
  publishLine(tx: ChainableCommander, line: Omit<NpcLine, "id">): void;
  /** Called once per message when it is finished with (answered, dropped or refused). */
  done(messageIds: string[]): void;
  llmSlots: Semaphore;
  npcBuckets: TokenBuckets;
  metrics: NpcMetrics;
  logger: Logger;
  maxQueueSize: number;
  batchDelayMs: number;
  /** What the NPC perceives now, for its prompt (world/perception.ts); none when absent. */
  perceive?(npc: NpcDefinition): Promise<string[]>;
  /** The policy file as this process reads it (the model's tool calls are checked against it first). */
  policy?: () => Policy | undefined;
}

/** How long a taken-over NPC waits for the messages of an unfinished batch to come back. */
const REPLAY_WAIT_MS = 3000;

export class NpcResponder {
  private readonly queue: ConversationQueue;
  private timer: NodeJS.Timeout | undefined;
  private busy: Promise<void> | undefined;
  private closed = false;
  /** The NPC passed to another process: nothing more is said, recorded or acknowledged here. */
  private abandoned = false;
  /** An earlier owner's unfinished batch, answered first (resume). */
  private replay: { key: string; ids: Set<string>; until: number } | undefined;
  /** No batch starts before resume() has looked for an unfinished one. */
  private resumed = false;
  readonly log: Logger;
  private readonly answers = new AnswerCache();

  constructor(
    public npc: NpcDefinition,
    private readonly deps: ResponderDeps,
  ) {
    this.queue = new ConversationQueue(this.queueSettings());
    this.log = deps.logger.child({ npc: npc.id });
  }

  private queueSettings() {
    return {
      maxQueueSize: this.deps.maxQueueSize,
      batchDelayMs: this.deps.batchDelayMs,
      radius: this.npc.perception.radius,
      weights: this.npc.priorityWeights,
    };
  }

  update(npc: NpcDefinition): void {
    this.npc = npc;
    this.queue.update(this.queueSettings());
  }

  get depth(): number {
    return this.queue.size;
  }

  enqueue(message: IncomingMessage): void {
    const { dropped } = this.queue.enqueue(message, Date.now());
    this.deps.metrics.queueDepth.set({ npc: this.npc.id }, this.queue.size);
    if (dropped) {
      this.deps.metrics.dropped.inc({ npc: this.npc.id, reason: "queue_full" });
      this.deps.done([dropped.id]);
    }
    this.schedule();
  }

  /** Stops taking batches and waits for the one in flight (its messages are then done). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.busy;
  }

  /**
   * Another process owns the NPC now: stop at once. A batch in flight stops at its next step
   * without speaking, recording or acknowledging; its messages stay pending for the new owner.
   */
  abandon(): void {
    this.abandoned = true;
    this.closed = true;
    clearTimeout(this.timer);
  }

  /**
   * After a takeover or a restart: the batch an earlier owner began and did not record is answered
   * first, as it was (same key, so the same job ids: what was already said is not said again), once
   * its messages are back in the queue (the inbox redelivers them) or after REPLAY_WAIT_MS.
   */
  async resume(): Promise<void> {
    const unfinished = await this.deps.history.unfinishedBatch(this.npc.id);
    // Proximity messages live only in memory: they do not come back.
    const ids = unfinished?.ids.filter((id) => !id.startsWith("proximity:")) ?? [];
    if (unfinished && ids.length > 0) {
      this.replay = { key: unfinished.key, ids: new Set(ids), until: Date.now() + REPLAY_WAIT_MS };
      this.log.info({ messages: ids.length }, "answering the batch an earlier owner left unfinished");
    } else if (unfinished) await this.deps.history.endBatch(this.npc.id);
    this.resumed = true;
    this.schedule();
  }

  private replayReady(now: number): boolean {
    const replay = this.replay;
    return !!replay && (now >= replay.until || [...replay.ids].every((id) => this.queue.has(id)));
  }

  private schedule(): void {
    if (this.replay && this.timer && this.replayReady(Date.now())) {
      clearTimeout(this.timer); // the unfinished batch is complete: answer it now
      this.timer = undefined;
    }
    if (!this.resumed || this.closed || this.timer || this.busy) return;
    const due = this.replay
      ? this.replayReady(Date.now())
        ? Date.now()
        : this.replay.until
      : this.queue.dueAt();
    if (due === undefined) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.busy = this.flush().finally(() => {
          this.busy = undefined;
          this.schedule();
        });
      },
      Math.max(0, due - Date.now()),
    );
  }

  private async flush(): Promise<void> {
    const now = Date.now();
    let batch: IncomingMessage[];
    let key: string;
    if (this.replay) {
      if (!this.replayReady(now)) return;
      batch = this.queue.takeOnly(this.replay.ids, now);
      key = this.replay.key;
      this.replay = undefined;
    } else {
      batch = this.queue.takeBatch(now);
      key = batchKey(
        this.npc.id,
        batch.map((m) => m.id),
      );
    }
    this.deps.metrics.queueDepth.set({ npc: this.npc.id }, this.queue.size);
    if (batch.length === 0) return;
    const ids = batch.map((m) => m.id);
    try {
      await this.respond(batch, key);
    } catch (error) {
      this.log.error({ err: (error as Error).message }, "answering a batch failed");
      await this.deps.history.endBatch(this.npc.id).catch(() => undefined);
    } finally {
      if (!this.abandoned) this.deps.done(ids);
    }
  }

  private async respond(batch: IncomingMessage[], key: string): Promise<void> {
    const npc = this.npc;
    const heard = heardEntries(batch);
    if (!this.deps.npcBuckets.take(npc.id, Date.now())) {
      this.deps.metrics.dropped.inc({ npc: npc.id, reason: "npc_rate_limited" }, batch.length);
      await this.deps.history.append(
        npc.id,
        heard,
        batch.map((m) => m.id),
      );
      return;
    }
    const reply = await this.answer(batch, key);
    if (this.abandoned) return;
    if (!reply) {
      const reason = npc.llm.enabled ? "llm_failed" : "llm_disabled";
      this.deps.metrics.dropped.inc({ npc: npc.id, reason }, batch.length);
      this.log.warn(
        { unanswered: batch.map((m) => ({ from: m.sender, kind: m.kind, id: m.id })) },
        `${npc.llm.enabled ? "the LLM gave no answer" : "the NPC's LLM is off (llm.enabled)"}: ${batch.length} message(s) left unanswered${npc.llm.fallbackLine ? " (the fallback line was said)" : ""}`,
      );
      if (npc.llm.fallbackLine) await this.deps.executor.say(npc, npc.llm.fallbackLine, `${key}:fallback`);
      await this.deps.history.append(
        npc.id,
        heard,
        batch.map((m) => m.id),
      );
      return;
    }
    for (const thought of reply.thinking) this.log.debug({ thinking: thought }, "NPC thinking");
    const said = reply.silence ? [] : boundSpeech(npc, reply.say, npc.llm.maxAnswerLines);
    for (const [i, text] of said.entries()) {
      if (this.abandoned) return;
      await this.deps.executor.say(npc, text, `${key}:${i}`);
    }
    if (this.abandoned) return;
    const results = await this.deps.executor.functions(npc, reply.functions, key);
    this.deps.metrics.commands.inc({ npc: npc.id, outcome: "ok" }, results.filter((r) => r.ok).length);
    this.deps.metrics.commands.inc({ npc: npc.id, outcome: "refused" }, results.filter((r) => !r.ok).length);
    const turn = Math.max(-1, ...batch.filter((m) => m.kind === "npc").map((m) => m.turn ?? 0)) + 1;
    const now = Date.now();
    const answer: HistoryEntry[] = said.map((text) => ({ kind: "said" as const, text, at: now }));
    if (npc.permissions.feedbackRefusals) {
      for (const r of results.filter((r) => !r.ok)) {
        answer.push({
          kind: "system",
          text: `Your command '${r.command}' was refused: ${r.error?.message}`,
          at: now,
        });
      }
    }
    const entries = [...heard, ...boundHistory(answer, npc.llm.maxHistoryChars)];
    // The lines are published with the history, once: a batch replayed after a crash before this
    // point (resume) speaks again under the same job ids, so the bridge runs each tellraw once.
    const length = await this.deps.history.append(
      npc.id,
      entries,
      batch.map((m) => m.id),
      (tx) => {
        for (const text of said) {
          const line = { serverId: npc.location.serverId, npcId: npc.id, name: npc.name, text, turn };
          this.deps.publishLine(tx, { ...line, timestamp: now });
        }
      },
    );
    if (length > 50) void this.compact();
  }

  /**
   * The reply: none when the NPC's LLM is off; the cached one for the same messages (llm.cacheTtlMs;
   * the batch is still recorded as begun, so a crash replays it under the same key); else the
   * LLM's, which is cached when it ran no command and called no tool.
   */
  private async answer(batch: IncomingMessage[], key: string): Promise<ParsedReply | undefined> {
    const npc = this.npc;
    if (!npc.llm.enabled) return undefined;
    const cacheKey = npc.llm.cacheTtlMs > 0 ? answerKey(npc, batch) : undefined;
    const cached = cacheKey === undefined ? undefined : this.answers.get(cacheKey, Date.now());
    if (cached) {
      await this.deps.history.beginBatch(npc.id, { key, ids: batch.map((m) => m.id) });
      this.deps.metrics.llmAnswers.inc({ npc: npc.id, stop: "cached" });
      return cached;
    }
    const { reply, usedTools } = await this.ask(batch, key);
    if (cacheKey !== undefined && reply && !usedTools && reply.functions.length === 0)
      this.answers.set(cacheKey, reply, Date.now() + npc.llm.cacheTtlMs);
    return reply;
  }

  /**
   * The parsed reply, or undefined when the LLM failed. When this process has a copy of the NPC's
   * history (it owns the NPC, so it nearly always has), the LLM is asked on that copy while the batch
   * record is written, and its answer is used if the copy was current; if another process changed
   * the history meanwhile, the LLM is asked again on the history as read. So the record's round trip
   * is not added to the answer's time.
   */
  private async ask(
    batch: IncomingMessage[],
    key: string,
  ): Promise<{ reply: ParsedReply | undefined; usedTools: boolean }> {
    const npc = this.npc;
    const copy = this.deps.history.copy(npc.id);
    const begun = this.deps.history.beginBatch(npc.id, { key, ids: batch.map((m) => m.id) });
    // Awaited after the perception: a failure meanwhile (Redis gone) must not go unhandled.
    begun.catch(() => undefined);
    const perception = (await this.deps.perceive?.(npc)) ?? [];
    const earlyMessages = copy && buildMessages(npc, copy.entries, batch, { perception });
    const early = earlyMessages && askLlm(this.deps, this.log, npc, earlyMessages);
    const history = await begun;
    let messages: ChatMessage[];
    let first: ParsedReply | undefined;
    if (early && earlyMessages && history.version === copy.version) {
      messages = earlyMessages;
      first = await early;
    } else {
      messages = buildMessages(npc, history.entries, batch, { perception });
      first = await askLlm(this.deps, this.log, npc, messages);
    }
    const usedTools = (first?.tools.length ?? 0) > 0;
    return { reply: await this.useTools(npc, messages, first), usedTools };
  }

  /**
   * An answer that asks for reads (<tool>): the calls run (checked, within the NPC's budget, as
   * signed read jobs), and the model is asked once more with the results as quoted data; that
   * answer is the reply. What the first answer said or ran besides its calls is dropped, and tool
   * calls in the second are not run (one round per turn).
   */
  private async useTools(
    npc: NpcDefinition,
    messages: ChatMessage[],
    reply: ParsedReply | undefined,
  ): Promise<ParsedReply | undefined> {
    if (!reply || reply.tools.length === 0 || this.abandoned) return reply;
    const calls = checkCalls(npc, reply.tools);
    this.deps.metrics.toolCalls.inc({ npc: npc.id, outcome: "refused" }, calls.filter((c) => !c.ok).length);
    this.deps.metrics.toolCalls.inc({ npc: npc.id, outcome: "run" }, calls.filter((c) => c.ok).length);
    const results = await this.deps.executor.read(npc, calls, this.deps.policy?.());
    if (this.abandoned) return undefined;
    this.log.debug({ calls: calls.map((c) => c.shown) }, "NPC tool calls answered");
    const answer = await askLlm(
      this.deps,
      this.log,
      npc,
      [...messages, ...toolResultsMessages(npc, reply.tools, results)],
      true,
    );
    if (answer && answer.tools.length > 0) {
      this.log.info(
        { ignored: answer.tools.length },
        "tool calls after the results are not run (one round per answer)",
      );
    }
    return answer && { ...answer, tools: [] };
  }

  private async compact(): Promise<void> {
    const npc = this.npc;
    try {
      const how = await this.deps.history.compact(npc.id, async (lines) => {
        const result = await this.deps.llmSlots.run(() =>
          this.deps.backend(npc).chat({
            ...requestSettings(npc),
            messages: summaryRequest(npc, lines),
            // A low temperature only where the NPC file shows the model takes one.
            temperature: npc.llm.temperature === undefined ? undefined : 0.2,
          }),
        );
        return stripReasoning(result.content).text; // a reasoning model's thoughts are no summary
      });
      if (how) this.log.info({ how }, "history summarised");
    } catch (error) {
      this.log.warn({ err: (error as Error).message }, "history summary failed");
    }
  }
}
