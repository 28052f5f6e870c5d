/**
 * What the NPC service keeps in Redis for other processes, so they need not import npc/: the
 * registry of running NPCs (hash id -> JSON {name, serverId}, replaced whenever the definitions
 * change) and each NPC's conversation history (a list of JSON entries, newest last). npc/ writes
 * both; mcp/ reads them (completions of NPC ids, the minecraft://npcs/{id} resource).
 */

import { z } from "zod";
import { redisKeys } from "./job.js";
import type { RedisConnection } from "./redis/connect.js";

/** Also the entity tag `npc_<id>` and the policy client `npc:<id>`: Minecraft tags allow these. */
export const NpcIdSchema = z.string().regex(/^[a-z0-9_]{1,32}$/, "must be 1-32 of [a-z0-9_]");

export interface NpcSummary {
  id: string;
  name: string;
  serverId: string;
}

const RegistryValueSchema = z.object({ name: z.string(), serverId: z.string() });

/** One line of an NPC's history. Texts are player- or LLM-written: data, never instructions. */
export const NpcHistoryEntrySchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("heard"),
    sender: z.string(),
    text: z.string(),
    at: z.number(),
    npc: z.boolean().optional(),
  }),
  z.object({ kind: z.literal("said"), text: z.string(), at: z.number() }),
  z.object({ kind: z.literal("system"), text: z.string(), at: z.number() }),
  z.object({ kind: z.literal("summary"), text: z.string(), at: z.number() }),
]);
export type NpcHistoryEntry = z.infer<typeof NpcHistoryEntrySchema>;

/** One line per entry in the seed's summary format: `<Steve> Hello` and `[You said] ...`. */
export function npcHistoryLine(entry: NpcHistoryEntry): string {
  switch (entry.kind) {
    case "heard":
      return `<${entry.sender}> ${entry.text}`;
    case "said":
      return `[You said] ${entry.text}`;
    case "system":
      return `[System] ${entry.text}`;
    case "summary":
      return `[Summary of earlier conversation] ${entry.text}`;
  }
}

export class NpcRecords {
  private readonly keys: ReturnType<typeof redisKeys>;

  constructor(
    private readonly redis: RedisConnection,
    prefix: string,
  ) {
    this.keys = redisKeys(prefix);
  }

  historyKey(npcId: string): string {
    return this.keys.npcHistory(npcId);
  }

  /** Replaces the registry with these NPCs in one transaction. */
  async publish(npcs: NpcSummary[]): Promise<void> {
    const key = this.keys.npcRegistry();
    const tx = this.redis.multi().del(key);
    const fields = npcs.flatMap((n) => [n.id, JSON.stringify({ name: n.name, serverId: n.serverId })]);
    if (fields.length > 0) tx.hset(key, ...fields);
    await tx.exec();
  }

  /** The registered NPCs, by id; an entry that is not a registry value is left out. */
  async list(): Promise<NpcSummary[]> {
    const all = await this.redis.hgetall(this.keys.npcRegistry());
    return Object.entries(all)
      .flatMap(([id, value]) => {
        const parsed = parseValue(value);
        return parsed ? [{ id, ...parsed }] : [];
      })
      .sort((a, b) => a.id.localeCompare(b.id));
  }

  async get(id: string): Promise<NpcSummary | undefined> {
    const value = await this.redis.hget(this.keys.npcRegistry(), id);
    const parsed = value === null ? undefined : parseValue(value);
    return parsed && { id, ...parsed };
  }

  /** The last `last` history entries, oldest first; entries that do not parse are skipped. */
  async history(npcId: string, last: number): Promise<NpcHistoryEntry[]> {
    const raw = await this.redis.lrange(this.historyKey(npcId), -last, -1);
    return raw.flatMap((text) => {
      try {
        const parsed = NpcHistoryEntrySchema.safeParse(JSON.parse(text));
        return parsed.success ? [parsed.data] : [];
      } catch {
        return [];
      }
    });
  }
}

function parseValue(value: string): { name: string; serverId: string } | undefined {
  try {
    const parsed = RegistryValueSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
