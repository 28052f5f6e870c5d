/**
 * Which source stores each event type of a server, so one happening is stored once. The table is
 * the whole rule: for each type, the sources that can deliver it, best first; the first one the
 * server has wins.
 *   - the mod first: it replays what it emitted while disconnected, so another source storing the
 *     same happenings meanwhile would store them twice. It counts as present once the server
 *     answered in mod mode or its event session is connected;
 *   - then the log (durable: it resumes where it stopped);
 *   - then the management protocol (live only: nothing replays what happened while disconnected).
 * The log and management sources count as present when configured, connected or not.
 */
import { EVENT_TYPES, type EventSourceName, type EventType } from "@mcp-bridge/shared";

export const SOURCE_PRIORITY: Readonly<Record<EventType, readonly EventSourceName[]>> = {
  player_join: ["mod", "log", "management"],
  player_quit: ["mod", "log", "management"],
  player_chat: ["mod", "log"],
  player_death: ["mod", "log"],
  block_break: ["mod"],
  server_status: ["management"],
};

export interface ArbiterOptions {
  /** The sources this server has besides the mod (configured). */
  configured: readonly EventSourceName[];
  /** True while the mod's event session of this server is connected. */
  modConnected: () => boolean;
  /** The mode of the server's last capability check; undefined until the first one. */
  detectedMode: () => "mod" | "vanilla" | undefined;
}

/** Answers, from the table and the server's state, which source stores what now. */
export class SourceArbiter {
  constructor(private readonly options: ArbiterOptions) {}

  /** True when the server runs the mod (it then delivers every type it has). */
  modPresent(): boolean {
    return this.options.modConnected() || this.options.detectedMode() === "mod";
  }

  modConnected(): boolean {
    return this.options.modConnected();
  }

  /** Whether sources may read yet: only once the mode is known, so nothing is stored that the mod also delivers. */
  ready(): boolean {
    return this.options.detectedMode() !== undefined || this.options.modConnected();
  }

  /** The source that stores `type` now; undefined when this server has none for it. */
  winner(type: EventType): EventSourceName | undefined {
    return SOURCE_PRIORITY[type].find((s) =>
      s === "mod" ? this.modPresent() : this.options.configured.includes(s),
    );
  }

  wins(source: EventSourceName, type: EventType): boolean {
    return this.winner(type) === source;
  }

  /** The types `source` stores now. */
  typesOf(source: EventSourceName): EventType[] {
    return EVENT_TYPES.filter((t) => this.wins(source, t));
  }

  /** The types `source` can deliver that another source stores now, by that source. */
  lostBy(source: EventSourceName): Map<EventSourceName, EventType[]> {
    const lost = new Map<EventSourceName, EventType[]>();
    for (const t of EVENT_TYPES) {
      const winner = this.winner(t);
      if (!SOURCE_PRIORITY[t].includes(source) || winner === undefined || winner === source) continue;
      lost.set(winner, [...(lost.get(winner) ?? []), t]);
    }
    return lost;
  }
}
