/**
 * The event sources of one server besides the mod: the log tail and the Server Management Protocol.
 * They run only while this process holds the server's lease (started and stopped by the runtime).
 * Which source wins when several deliver a type (so one happening is stored once):
 *   - the mod, once the server answered in mod mode (or its event session is connected), for every type
 *     it has (all but server_status): the mod replays what it emitted while disconnected, so another
 *     source storing the same happenings meanwhile would store them twice;
 *   - else the log for chat, join, quit and death (durable: it resumes where it stopped);
 *   - the management protocol for join and quit only when there is no log source, and always for
 *     server_status (nothing else has it).
 * The description (which source is active and what it delivers) is published to Redis for the MCP
 * server's event tools, and served in get_server_info and /readyz.
 */

import type { RedisConnection } from "@mcp-bridge/shared";
import {
  EVENT_TYPES,
  type EventSourceDescription,
  type EventType,
  type Logger,
  redisKeys,
} from "@mcp-bridge/shared";

export interface SourceHandle {
  start(): void;
  stop(): Promise<void>;
  /** Live state for the description, e.g. "connected" or "waiting for the log file". */
  detail(): { active: boolean; detail: string };
}

export interface ServerSourcesOptions {
  serverId: string;
  redis: RedisConnection;
  prefix: string;
  logger: Logger;
  log?: SourceHandle;
  management?: SourceHandle;
  /** True while the mod's event session of this server is connected. */
  modConnected: () => boolean;
  /** The mode of the server's last capability check; undefined until the first one. */
  detectedMode: () => "mod" | "vanilla" | undefined;
  /** How often the description is re-published; it expires after three periods. Default 5 s. */
  publishMs?: number;
}

const LOG_TYPES: readonly EventType[] = ["player_chat", "player_join", "player_quit", "player_death"];
const MOD_TYPES: readonly EventType[] = EVENT_TYPES.filter((t) => t !== "server_status");

export class ServerSources {
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(private readonly options: ServerSourcesOptions) {}

  get hasLog(): boolean {
    return this.options.log !== undefined;
  }

  /** True when the server runs the mod (it then delivers every type it has). */
  modPresent(): boolean {
    return this.options.modConnected() || this.options.detectedMode() === "mod";
  }

  /** Whether the log may be read yet: only once the mode is known, so no line is stored that the mod also delivers. */
  logReady(): boolean {
    return this.options.detectedMode() !== undefined || this.options.modConnected();
  }

  /** Whether the log source stores its events now (the mod wins). */
  logStores(): boolean {
    return !this.modPresent();
  }

  /** Whether the management source stores joins and quits now. */
  managementStoresPlayers(): boolean {
    return !this.modPresent() && this.options.log === undefined;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.options.log?.start();
    this.options.management?.start();
    const period = this.options.publishMs ?? 5000;
    this.timer = setInterval(() => void this.publish(period * 3), period);
    this.timer.unref();
    void this.publish(period * 3);
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.timer);
    await Promise.all([this.options.log?.stop(), this.options.management?.stop()]);
    await this.options.redis
      .del(redisKeys(this.options.prefix).eventSources(this.options.serverId))
      .catch(() => 0);
  }

  describe(): EventSourceDescription[] {
    const mod = this.modPresent();
    const connected = this.options.modConnected();
    const out: EventSourceDescription[] = [
      {
        source: "mod",
        active: mod,
        types: mod ? [...MOD_TYPES] : [],
        detail: connected
          ? "mod event session connected"
          : mod
            ? "the server runs the mod; its event session is not connected (it replays on reconnect)"
            : "no mod",
      },
    ];
    const { log, management } = this.options;
    if (log) {
      const state = log.detail();
      out.push({
        source: "log",
        active: state.active,
        types: state.active && !mod ? [...LOG_TYPES] : [],
        detail: mod ? `${state.detail}; the mod delivers these types` : state.detail,
      });
    }
    if (management) {
      const state = management.detail();
      const types: EventType[] = state.active ? ["server_status"] : [];
      if (state.active && this.managementStoresPlayers()) types.unshift("player_join", "player_quit");
      out.push({ source: "management", active: state.active, types, detail: state.detail });
    }
    return out;
  }

  /** Publishes the description now (after the server's mode changed). */
  refresh(): void {
    void this.publish((this.options.publishMs ?? 5000) * 3);
  }

  private async publish(ttlMs: number): Promise<void> {
    // Until the mode is known nothing is published: "no source delivers X" must never be said of a
    // server whose mod has simply not been detected yet.
    if (!this.running || !this.logReady()) return;
    const key = redisKeys(this.options.prefix).eventSources(this.options.serverId);
    try {
      await this.options.redis.set(
        key,
        JSON.stringify({ sources: this.describe(), at: Date.now() }),
        "PX",
        ttlMs,
      );
    } catch (error) {
      this.options.logger.debug({ err: error }, "could not publish the event sources");
    }
  }
}
