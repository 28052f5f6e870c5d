/**
 * The event sources of one server besides the mod (log tail, Server Management Protocol): run only
 * while this process holds the server's lease (started and stopped by the runtime). Which source
 * stores which type is the arbiter's table (source-table.ts); this object runs the sources and
 * publishes their description (which is active and what it delivers) to Redis for the MCP server's
 * event tools; it is also served in get_server_info and /readyz.
 */
import {
  type EventSourceDescription,
  type Logger,
  type RedisConnection,
  redisKeys,
} from "@mcp-bridge/shared";
import type { EventSource } from "./event-source.js";
import type { SourceArbiter } from "./source-table.js";

export interface ServerSourcesOptions {
  serverId: string;
  redis: RedisConnection;
  prefix: string;
  logger: Logger;
  arbiter: SourceArbiter;
  sources: readonly EventSource[];
  /** How often the description is re-published; it expires after three periods. Default 5 s. */
  publishMs?: number;
}

export class ServerSources {
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(private readonly options: ServerSourcesOptions) {
    // Published at once, not at the next period: a client must not be told "no source delivers
    // joins" for seconds after a connection came up.
    for (const source of options.sources) source.onActiveChange?.(() => this.refresh());
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    for (const source of this.options.sources) source.start();
    const period = this.options.publishMs ?? 5000;
    this.timer = setInterval(() => void this.publish(period * 3), period);
    this.timer.unref();
    void this.publish(period * 3);
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.timer);
    await Promise.all(this.options.sources.map((s) => s.stop()));
    await this.options.redis
      .del(redisKeys(this.options.prefix).eventSources(this.options.serverId))
      .catch(() => 0);
  }

  describe(): EventSourceDescription[] {
    const { arbiter } = this.options;
    const mod = arbiter.modPresent();
    const out: EventSourceDescription[] = [
      {
        source: "mod",
        active: mod,
        types: mod ? arbiter.typesOf("mod") : [],
        detail: arbiter.modConnected()
          ? "mod event session connected"
          : mod
            ? "the server runs the mod; its event session is not connected (it replays on reconnect)"
            : "no mod",
      },
    ];
    for (const source of this.options.sources) {
      const lost = [...arbiter.lostBy(source.name)].map(
        ([by, types]) => `the ${by} delivers ${types.join(", ")}`,
      );
      out.push({
        source: source.name,
        active: source.active,
        types: source.active ? arbiter.typesOf(source.name) : [],
        detail: [source.state, ...lost].join("; "),
      });
    }
    return out;
  }

  /** Publishes the description now (after the server's mode or a source's connection changed). */
  refresh(): void {
    void this.publish((this.options.publishMs ?? 5000) * 3);
  }

  private async publish(ttlMs: number): Promise<void> {
    // Until the mode is known nothing is published: "no source delivers X" must never be said of a
    // server whose mod has simply not been detected yet.
    if (!this.running || !this.options.arbiter.ready()) return;
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
