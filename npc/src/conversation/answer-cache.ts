/**
 * The seed's response cache, per NPC (llm.cacheTtlMs): the same messages to the NPC as defined now
 * get the answer given before, without an LLM call, within the TTL. The key is the NPC's system
 * prompt (its persona, commands and tools: a reload that changes them misses), its model, and each
 * message's kind, sender and text in order; not the history, the perception or the distances, so a
 * greeting is answered alike whatever came before. Bounded: at most MAX_ENTRIES answers per NPC,
 * each of at most MAX_ANSWER_CHARS.
 */
import { createHash } from "node:crypto";
import type { NpcDefinition } from "../definitions/schema.js";
import type { ParsedReply } from "../parser/tag-parser.js";
import type { IncomingMessage } from "./message.js";
import { systemPrompt } from "./prompt.js";

const MAX_ENTRIES = 50;
/** Longer answers are not kept (their speech, in characters): 50 of them stay within 100 KiB. */
const MAX_ANSWER_CHARS = 2000;

export function answerKey(npc: NpcDefinition, batch: IncomingMessage[]): string {
  const h = createHash("sha256").update(systemPrompt(npc)).update(`\n${npc.llm.backend}\n${npc.llm.model}\n`);
  for (const m of batch) h.update(JSON.stringify([m.kind, m.sender, m.content])).update("\n");
  return h.digest("hex");
}

export class AnswerCache {
  /** Oldest first (a Map keeps insertion order): the first is dropped beyond the bound. */
  private readonly entries = new Map<string, { reply: ParsedReply; until: number }>();

  get(key: string, now: number): ParsedReply | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > now) return entry.reply;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, reply: ParsedReply, until: number): void {
    if (reply.say.reduce((n, line) => n + line.length, 0) > MAX_ANSWER_CHARS) return;
    this.entries.delete(key);
    // Its reasoning was logged when it was given; it is not kept.
    this.entries.set(key, { reply: { ...reply, thinking: [] }, until });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }
}
