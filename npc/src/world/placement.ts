/**
 * An NPC's entity in the world: placed when its owner takes it over or its definition moves it, and
 * put back when it is gone (killed, lost with its chunk). A placement the bridge refuses for lack
 * of permission is tried again for a while: after a reload the bridge reads the re-merged policy
 * within its file poll.
 */
import type { Logger } from "pino";
import type { ActionExecutor, JobRunner } from "../actions/executor.js";
import type { NpcDefinition } from "../definitions/schema.js";
import { entityPresent } from "./presence.js";

const POLICY_RETRY_MS = 500;
const POLICY_RETRIES = 20;

export class Placement {
  /** Each NPC's placements, one after another (the last one's settling). */
  private readonly queued = new Map<string, Promise<void>>();
  /** Placements begun per NPC, so that a presence check can tell one began while it read. */
  private readonly begun = new Map<string, number>();

  constructor(
    private readonly jobs: JobRunner,
    private readonly executor: ActionExecutor,
    private readonly timeoutMs: number,
    private readonly logger: Logger,
  ) {}

  /**
   * Summoned alone when the world says its entity (as `previous` placed it) is not there, else after
   * a kill of the old copies. `superseded` says when it no longer matters (a newer definition, or
   * another owner). An NPC's placements run one after another, each reading the world after the one
   * before: two at once (a reload's and a presence check's) would both read "not there" and summon
   * two entities.
   */
  place(npc: NpcDefinition, previous: NpcDefinition, superseded: () => boolean): Promise<void> {
    this.begun.set(npc.id, (this.begun.get(npc.id) ?? 0) + 1);
    const before = this.queued.get(npc.id) ?? Promise.resolve();
    const placed = before.then(() => (superseded() ? undefined : this.placeNow(npc, previous, superseded)));
    const settled = placed.catch(() => undefined);
    this.queued.set(npc.id, settled);
    void settled.then(() => {
      if (this.queued.get(npc.id) === settled) this.queued.delete(npc.id);
    });
    return placed;
  }

  private async placeNow(
    npc: NpcDefinition,
    previous: NpcDefinition,
    superseded: () => boolean,
  ): Promise<void> {
    const present = await this.present(previous); // the entity in the world is the one `previous` summoned
    let result = await this.executor.summon(npc, present !== false);
    for (let i = 0; i < POLICY_RETRIES && !result.ok && result.error?.code === "PERMISSION_DENIED"; i++) {
      if (superseded()) return;
      await new Promise((r) => setTimeout(r, POLICY_RETRY_MS));
      result = await this.executor.summon(npc, false);
    }
    if (!result.ok) {
      this.logger.warn(
        { npc: npc.id, error: result.error, command: result.command },
        "could not place the NPC in the world",
      );
    } else this.logger.info({ npc: npc.id, at: npc.location }, "NPC placed in the world");
  }

  /**
   * Whether the NPC's entity is gone: false while it is being placed, when a placement began during
   * the read (the read may predate its summon), or when the world cannot say.
   */
  async gone(npc: NpcDefinition): Promise<boolean> {
    const begun = this.begun.get(npc.id) ?? 0;
    if (this.queued.has(npc.id)) return false; // every summon of the NPC runs inside its queued placement
    const absent = (await this.present(npc)) === false;
    return absent && (this.begun.get(npc.id) ?? 0) === begun;
  }

  private present(npc: NpcDefinition): Promise<boolean | undefined> {
    return entityPresent(this.jobs, npc, this.executor.clientOf(npc), this.timeoutMs, this.logger);
  }
}
