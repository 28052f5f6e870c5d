/**
 * One batch of an NPC's messages as it is answered: the key its job ids derive from (the same for
 * the same messages, whoever answers them: a replay after a takeover makes the same jobs) and the
 * history entries its messages become.
 */
import { createHash } from "node:crypto";
import type { HistoryEntry } from "./history.js";
import type { IncomingMessage } from "./message.js";

/** The key a batch's job ids derive from: the NPC and its messages, whatever their order. */
export function batchKey(npcId: string, ids: string[]): string {
  const digest = createHash("sha256")
    .update([...ids].sort().join(","))
    .digest("hex");
  return `${npcId}:${digest.slice(0, 24)}`;
}

/** What the NPC heard, as history entries (proximity and system messages as system lines). */
export function heardEntries(batch: IncomingMessage[]): HistoryEntry[] {
  return batch.map((m) =>
    m.kind === "proximity"
      ? { kind: "system", text: `${m.sender} came near`, at: m.timestamp }
      : m.kind === "system"
        ? { kind: "system", text: m.content, at: m.timestamp }
        : {
            kind: "heard",
            sender: m.sender,
            text: m.content,
            at: m.timestamp,
            ...(m.kind === "npc" ? { npc: true } : {}),
          },
  );
}
