/**
 * Per-NPC conversation history in Redis (a list of JSON entries, newest last), so it survives
 * restarts and is shared by every npc process. At most `maxEntries` are kept; when there are more
 * than `summarizeAbove`, everything but the last `keepVerbatim` entries is replaced by one summary
 * entry: written by the LLM, or, when the LLM is down, a plain truncation of the older lines.
 */
import {
  type NpcHistoryEntry,
  npcHistoryLine,
  type RedisConnection,
  redisKeys,
  runScript,
} from "@mcp-bridge/shared";
import type { ChainableCommander } from "ioredis";
import { REPLACE_OLDER_HISTORY } from "../lua/index.js";

/** The entry format and its summary line are shared (mcp/ reads histories too). */
export type HistoryEntry = NpcHistoryEntry;
export const summaryLine = npcHistoryLine;

export interface HistorySettings {
  maxEntries: number;
  summarizeAbove: number;
  keepVerbatim: number;
}

/**
 * How long an "answered" marker is kept at most: longer than any pending entry can wait. It matters
 * only until the message's inbox entry is acknowledged, so it is deleted then (forgetDone); the TTL
 * covers a crash between the two.
 */
const DONE_TTL_S = 7 * 24 * 3600;

/**
 * The seed's numbers: at most 100 entries, summarised above 50, the last 10 exchanges kept verbatim.
 * An exchange is what the NPC heard and what it said, two entries at least, so 10 exchanges are 20
 * entries (the seed's own example keeps "<Steve> ..." and "[You said] ..." lines, one each).
 */
const DEFAULT_HISTORY: HistorySettings = { maxEntries: 100, summarizeAbove: 50, keepVerbatim: 20 };

/** The plain fallback summary: the older lines themselves, cut to `maxChars` from the end. */
function truncationSummary(entries: HistoryEntry[], maxChars = 600): string {
  const text = entries.map(summaryLine).join(" / ");
  return text.length <= maxChars ? text : `...${text.slice(text.length - maxChars)}`;
}

export type Summarizer = (lines: string[]) => Promise<string>;

/**
 * An LLM's summary is cut to this many characters. The summary is asked for in 2-3 sentences, and
 * the next compaction summarises it again with the lines after it: a model that rambles or echoes
 * its input would otherwise grow the summary, and every prompt, at each compaction.
 */
export const SUMMARY_MAX_CHARS = 1000;

/** A batch being answered: the key its job ids derive from, and its message ids. */
export interface BatchRecord {
  key: string;
  ids: string[];
}

/** An NPC's history as it was at `version` (raised by every change). */
export interface VersionedHistory {
  version: number;
  entries: HistoryEntry[];
}

export class ConversationHistory {
  /** Done markers to delete in this tick's one DEL. */
  private forgetting: string[] = [];
  /**
   * The histories this process read or wrote last, each valid while Redis's version of it is the
   * same: every change (append, compaction, clear, by any process) raises the version in the same
   * transaction. So a batch's history is read from Redis (and parsed) only after another process
   * changed it, not for every batch.
   */
  private readonly cache = new Map<string, VersionedHistory>();
  private readonly keys: ReturnType<typeof redisKeys>;

  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix: string,
    private readonly settings: HistorySettings = DEFAULT_HISTORY,
  ) {
    this.keys = redisKeys(prefix);
  }

  key(npcId: string): string {
    return this.keys.npcHistory(npcId);
  }

  doneKey(npcId: string, messageId: string): string {
    return `${this.prefix}:{npc}:done:${npcId}:${messageId}`;
  }

  /** Raised by every change of the NPC's history (see `cache`). */
  versionKey(npcId: string): string {
    return `${this.prefix}:{npc}:history-version:${npcId}`;
  }

  /** The message ids of the batch the NPC is answering, until its answer is recorded. */
  batchKey(npcId: string): string {
    return `${this.prefix}:{npc}:batch:${npcId}`;
  }

  /**
   * Appends entries and marks the answered messages done in one transaction, so a message replayed
   * after a crash is recognised (isDone) and never answered or recorded twice; the batch record
   * (beginBatch) ends with it. `also` adds commands that must happen exactly when the answer is
   * recorded (the NPC's lines for other NPCs).
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
    const changes = entries.length > 0;
    if (changes) {
      tx.rpush(key, ...entries.map((e) => JSON.stringify(e))).ltrim(key, -this.settings.maxEntries, -1);
    }
    for (const id of answered) tx.set(this.doneKey(npcId, id), "1", "EX", DONE_TTL_S);
    if (answered.length > 0) tx.del(this.batchKey(npcId));
    if (changes) tx.incr(this.versionKey(npcId));
    tx.llen(key);
    const result = await tx.exec();
    if (changes) this.appended(npcId, Number(result?.at(-2)?.[1]), entries);
    return Number(result?.at(-1)?.[1] ?? 0);
  }

  /** Our append made `version`: the copy follows it if it was the version just before, else goes. */
  private appended(npcId: string, version: number, entries: HistoryEntry[]): void {
    const cached = this.cache.get(npcId);
    if (!cached || cached.version !== version - 1) {
      this.cache.delete(npcId);
      return;
    }
    cached.entries.push(...entries);
    if (cached.entries.length > this.settings.maxEntries) {
      cached.entries.splice(0, cached.entries.length - this.settings.maxEntries);
    }
    cached.version = version;
  }

  /** This process no longer answers for the NPC: its copy of the history goes. */
  forget(npcId: string): void {
    this.cache.delete(npcId);
  }

  /** The messages' entries are acknowledged: their markers can go (one DEL per tick, best effort). */
  forgetDone(npcId: string, messageIds: string[]): void {
    if (messageIds.length === 0) return;
    if (this.forgetting.length === 0) {
      setImmediate(() => {
        const keys = this.forgetting;
        this.forgetting = [];
        this.redis.del(...keys).catch(() => undefined); // a marker left behind expires on its own
      });
    }
    for (const id of messageIds) this.forgetting.push(this.doneKey(npcId, id));
  }

  async isDone(npcId: string, messageId: string): Promise<boolean> {
    return (await this.redis.exists(this.doneKey(npcId, messageId))) === 1;
  }

  async read(npcId: string, last = this.settings.maxEntries): Promise<HistoryEntry[]> {
    return parseEntries(await this.redis.lrange(this.key(npcId), -last, -1));
  }

  /**
   * This process's copy of the NPC's history (its own array) and the version it was copied at, if
   * it has one. It may be out of date: the version beginBatch reads says.
   */
  copy(npcId: string): VersionedHistory | undefined {
    const cached = this.cache.get(npcId);
    return cached && { version: cached.version, entries: [...cached.entries] };
  }

  /**
   * Records which messages the NPC is about to answer (before anything is said) and reads its
   * history's version, in one round trip; the history itself comes from this process's copy when
   * that is the version, else from Redis. A process that takes the NPC over after a crash answers
   * exactly this batch first (unfinishedBatch), so the replayed answer has the same job ids and
   * nothing is said twice.
   */
  async beginBatch(npcId: string, batch: BatchRecord): Promise<VersionedHistory> {
    const result = await this.redis
      .multi()
      .set(this.batchKey(npcId), JSON.stringify(batch), "EX", DONE_TTL_S)
      .get(this.versionKey(npcId))
      .exec();
    const [error, version] = result?.[1] ?? [new Error("transaction aborted"), null];
    if (error) throw error;
    const copy = this.copy(npcId);
    if (copy && copy.version === Number(version ?? 0)) return copy;
    const read = await this.reload(npcId);
    return { version: read.version, entries: [...read.entries] };
  }

  /**
   * Reads the NPC's history into this process's copy, for a process that has just taken the NPC:
   * its first batch then starts its LLM call at once (see Responder's early ask) and needs no read.
   */
  async load(npcId: string): Promise<void> {
    await this.reload(npcId);
  }

  /** The history and its version, read together; this process's copy replaced. */
  private async reload(npcId: string): Promise<VersionedHistory> {
    const result = await this.redis
      .multi()
      .get(this.versionKey(npcId))
      .lrange(this.key(npcId), -this.settings.maxEntries, -1)
      .exec();
    const [versionError, version] = result?.[0] ?? [new Error("transaction aborted"), null];
    const [error, raw] = result?.[1] ?? [new Error("transaction aborted"), []];
    if (versionError || error) throw versionError ?? error;
    const copy = { version: Number(version ?? 0), entries: parseEntries(raw as string[]) };
    this.cache.set(npcId, copy);
    return copy;
  }

  /** The batch an earlier owner began and did not record (it crashed or lost the NPC meanwhile). */
  async unfinishedBatch(npcId: string): Promise<BatchRecord | undefined> {
    const raw = await this.redis.get(this.batchKey(npcId));
    try {
      const value = raw ? (JSON.parse(raw) as Partial<BatchRecord>) : undefined;
      if (typeof value?.key !== "string" || !Array.isArray(value.ids)) return undefined;
      return { key: value.key, ids: value.ids.filter((id): id is string => typeof id === "string") };
    } catch {
      return undefined;
    }
  }

  async endBatch(npcId: string): Promise<void> {
    await this.redis.del(this.batchKey(npcId));
  }

  /**
   * Replaces the older part by one summary when the history is long. The history is this process's
   * copy when it has one, else read from Redis; the replacement is one Lua script that gives up when
   * the history changed since that version (another process appended, or the copy was out of date),
   * so no line is lost. After it, the copy is the replaced history: the next batch need not read it.
   * Returns how it was summarised, or undefined when nothing was done.
   */
  async compact(npcId: string, summarize: Summarizer): Promise<"llm" | "truncated" | undefined> {
    const { version, entries } = this.copy(npcId) ?? (await this.reload(npcId));
    if (entries.length <= this.settings.summarizeAbove) return undefined;
    const older = entries.slice(0, entries.length - this.settings.keepVerbatim);
    let text: string;
    let how: "llm" | "truncated";
    try {
      text = (await summarize(older.map(summaryLine))).trim();
      if (!text) throw new Error("empty summary");
      if (text.length > SUMMARY_MAX_CHARS) text = `${text.slice(0, SUMMARY_MAX_CHARS - 3)}...`;
      how = "llm";
    } catch {
      text = truncationSummary(older);
      how = "truncated";
    }
    const summary: HistoryEntry = { kind: "summary", text, at: Date.now() };
    const replaced = await runScript(
      this.redis,
      REPLACE_OLDER_HISTORY,
      [this.key(npcId), this.versionKey(npcId)],
      [version, older.length, JSON.stringify(summary)],
    );
    if (replaced !== 1) return undefined;
    // The script made version + 1 out of exactly this; a copy that moved on meanwhile is left alone.
    const cached = this.cache.get(npcId);
    if (!cached || cached.version === version) {
      this.cache.set(npcId, { version: version + 1, entries: [summary, ...entries.slice(older.length)] });
    }
    return how;
  }

  async clear(npcId: string): Promise<void> {
    await this.redis.multi().del(this.key(npcId)).incr(this.versionKey(npcId)).exec();
    this.cache.delete(npcId);
  }
}

function parseEntries(raw: string[]): HistoryEntry[] {
  return raw.flatMap((r) => {
    try {
      return [JSON.parse(r) as HistoryEntry];
    } catch {
      return [];
    }
  });
}
