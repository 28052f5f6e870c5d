/**
 * Per-NPC conversation history in Redis (a list of JSON entries, newest last), so it survives
 * restarts and is shared by every npc process. At most `maxEntries` are kept; when there are more
 * than `summarizeAbove`, everything but the last `keepVerbatim` entries is replaced by one summary
 * entry: written by the LLM, or, when the LLM is down, a plain truncation of the older lines.
 */
import { type NpcHistoryEntry, npcHistoryLine, redisKeys } from "@mcp-bridge/shared";
import type { ChainableCommander, Redis } from "ioredis";

/** The entry format and its summary line are shared (mcp/ reads histories too). */
export type HistoryEntry = NpcHistoryEntry;
export const summaryLine = npcHistoryLine;

export interface HistorySettings {
  maxEntries: number;
  summarizeAbove: number;
  keepVerbatim: number;
}

/** Replaces the first ARGV[2] entries by ARGV[3] unless the list changed length (another writer). */
const REPLACE_OLDER = `
if redis.call('LLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return 0 end
redis.call('LTRIM', KEYS[1], tonumber(ARGV[2]), -1)
redis.call('LPUSH', KEYS[1], ARGV[3])
return 1`;

/** How long "answered" markers are kept: longer than any pending entry can wait. */
const DONE_TTL_S = 7 * 24 * 3600;

export const DEFAULT_HISTORY: HistorySettings = { maxEntries: 100, summarizeAbove: 50, keepVerbatim: 20 };

/** The plain fallback summary: the older lines themselves, cut to `maxChars` from the end. */
export function truncationSummary(entries: HistoryEntry[], maxChars = 600): string {
  const text = entries.map(summaryLine).join(" / ");
  return text.length <= maxChars ? text : `...${text.slice(text.length - maxChars)}`;
}

export type Summarizer = (lines: string[]) => Promise<string>;

export class ConversationHistory {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly settings: HistorySettings = DEFAULT_HISTORY,
  ) {}

  key(npcId: string): string {
    return redisKeys(this.prefix).npcHistory(npcId);
  }

  doneKey(npcId: string, messageId: string): string {
    return `${this.prefix}:npc:done:${npcId}:${messageId}`;
  }

  /**
   * Appends entries and marks the answered messages done in one transaction, so a message replayed
   * after a crash is recognised (isDone) and never answered or recorded twice. `also` adds commands
   * that must happen exactly when the answer is recorded (the NPC's lines for other NPCs).
   */
  async append(
    npcId: string,
    entries: HistoryEntry[],
    answered: string[] = [],
    also?: (tx: ChainableCommander) => void,
  ): Promise<number> {
    const key = this.key(npcId);
    const tx = this.redis.multi();
    also?.(tx);
    if (entries.length > 0) {
      tx.rpush(key, ...entries.map((e) => JSON.stringify(e))).ltrim(key, -this.settings.maxEntries, -1);
    }
    for (const id of answered) tx.set(this.doneKey(npcId, id), "1", "EX", DONE_TTL_S);
    tx.llen(key);
    const result = await tx.exec();
    return Number(result?.at(-1)?.[1] ?? 0);
  }

  async isDone(npcId: string, messageId: string): Promise<boolean> {
    return (await this.redis.exists(this.doneKey(npcId, messageId))) === 1;
  }

  async read(npcId: string, last = this.settings.maxEntries): Promise<HistoryEntry[]> {
    const raw = await this.redis.lrange(this.key(npcId), -last, -1);
    return raw.flatMap((r) => {
      try {
        return [JSON.parse(r) as HistoryEntry];
      } catch {
        return [];
      }
    });
  }

  /**
   * Replaces the older part by one summary when the history is long. The replacement is one Lua
   * script that gives up when the list changed meanwhile (another process appended), so no line is lost.
   * Returns how it was summarised, or undefined when nothing was done.
   */
  async compact(npcId: string, summarize: Summarizer): Promise<"llm" | "truncated" | undefined> {
    const key = this.key(npcId);
    const length = await this.redis.llen(key);
    if (length <= this.settings.summarizeAbove) return undefined;
    const entries = await this.read(npcId, length);
    const older = entries.slice(0, entries.length - this.settings.keepVerbatim);
    let text: string;
    let how: "llm" | "truncated";
    try {
      text = (await summarize(older.map(summaryLine))).trim();
      if (!text) throw new Error("empty summary");
      how = "llm";
    } catch {
      text = truncationSummary(older);
      how = "truncated";
    }
    const summary: HistoryEntry = { kind: "summary", text, at: Date.now() };
    const replaced = await this.redis.eval(
      REPLACE_OLDER,
      1,
      key,
      length,
      older.length,
      JSON.stringify(summary),
    );
    return replaced === 1 ? how : undefined;
  }

  async clear(npcId: string): Promise<void> {
    await this.redis.del(this.key(npcId));
  }
}
