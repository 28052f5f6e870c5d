/**
 * The second half of ingestion, done by an NPC's owner only (docs/architecture.md, "NPC
 * ownership"). In: entries of the inboxes of the NPCs this process owns (consumer group `npc`).
 * Out: messages on the NPC's responder, after the stateful checks (named or in a conversation,
 * per-player bucket, turn cap and cooldown); each inbox entry is acknowledged once the responder is
 * done with its message (answered, dropped, refused) or at once when it is skipped. An entry
 * delivered before (a restart, a takeover) whose message the NPC already answered (history's done
 * markers) is acknowledged without answering it again; one already waiting here is not queued twice.
 */
import type { GroupEntry } from "@mcp-bridge/shared/events";
import type { Logger } from "pino";
import type { ConversationHistory } from "../conversation/history.js";
import type { NpcResponder } from "../conversation/responder.js";
import type { Delivery, Router, Skip } from "../conversation/router.js";
import type { NpcDefinition } from "../definitions/schema.js";
import type { NpcMetrics } from "../ops/metrics.js";
import { distanceFromNpc } from "../world/player-tracker.js";
import { parseInbox } from "./inbox-entry.js";

export interface InboxDeps {
  /** The NPC whose inbox this stream is, when this process owns it. */
  owner(stream: string): { npc: NpcDefinition; responder: NpcResponder } | undefined;
  /** Whether the NPC of this inbox is still defined (an inbox of a removed NPC is drained). */
  defined(stream: string): boolean;
  router: Router;
  history: ConversationHistory;
  metrics: NpcMetrics;
  logger: Logger;
}

export class Inbox {
  /** `${npcId} ${messageId}` -> acknowledges the inbox entry. */
  private readonly pending = new Map<string, () => Promise<void>>();

  constructor(private readonly deps: InboxDeps) {}

  get inFlight(): number {
    return this.pending.size;
  }

  /** A responder finished with these messages. */
  done(npcId: string, ids: string[]): void {
    for (const id of ids) {
      const ack = this.pending.get(`${npcId} ${id}`);
      if (!ack) continue;
      this.pending.delete(`${npcId} ${id}`);
      ack().then(
        () => this.deps.history.forgetDone(npcId, [id]),
        (error) => this.deps.logger.warn({ err: (error as Error).message, id }, "XACK failed"),
      );
    }
  }

  /** Forgets what waits for an NPC this process no longer owns (its entries stay pending for the next owner). */
  release(npcId: string): void {
    for (const key of this.pending.keys()) if (key.startsWith(`${npcId} `)) this.pending.delete(key);
  }

  handle = async (entry: GroupEntry): Promise<void> => {
    const owned = this.deps.owner(entry.stream);
    if (!owned) {
      // Not ours (any more): leave it pending for the owner, unless the NPC is gone for good.
      if (!this.deps.defined(entry.stream)) await entry.ack();
      else entry.forget();
      return;
    }
    const { npc, responder } = owned;
    const message = parseInbox(entry.fields);
    if (!message) {
      await entry.ack();
      return;
    }
    const key = `${npc.id} ${message.id}`;
    if (this.pending.has(key)) {
      entry.forget(); // already waiting here (delivered again by a reader restart)
      return;
    }
    if (entry.redelivered && (await this.deps.history.isDone(npc.id, message.id))) {
      await entry.ack();
      this.deps.history.forgetDone(npc.id, [message.id]);
      return;
    }
    const result = this.accept(npc, message, Date.now());
    if (typeof result === "string") {
      this.deps.metrics.dropped.inc({ npc: npc.id, reason: result });
      await entry.ack();
      return;
    }
    this.pending.set(key, entry.ack);
    this.deps.metrics.enqueued.inc({ npc: npc.id, kind: result.message.kind });
    responder.enqueue(result.message);
  };

  private accept(
    npc: NpcDefinition,
    message: NonNullable<ReturnType<typeof parseInbox>>,
    now: number,
  ): Delivery | Skip {
    const { router } = this.deps;
    const d = distanceFromNpc(message.at, npc.location);
    if (message.kind === "chat") {
      const line = {
        id: message.id,
        player: message.player,
        text: message.text,
        timestamp: message.timestamp,
      };
      return router.acceptChat(npc, line, d, now);
    }
    const { id, serverId, npcId, name, text, turn, timestamp } = message;
    return router.acceptLine(npc, { id, serverId, npcId, name, text, turn, timestamp }, d, now);
  }
}
