/**
 * Publishes the lease holder's view of one server (shared/src/queue/server-state.ts) under
 * redisKeys.serverState: at once when it changes, then every `periodMs` with a TTL of three periods,
 * so a dead bridge's word expires. Producers read it to refuse calls to a server the bridge gave up
 * on (a refused RCON password) at once instead of queuing jobs that would wait for a restart.
 */

import type { RedisConnection } from "@mcp-bridge/shared";
import { type Logger, redisKeys } from "@mcp-bridge/shared";
import type { ServerStateRecord } from "@mcp-bridge/shared/queue";

export interface StatePublisherOptions {
  redis: RedisConnection;
  prefix: string;
  serverId: string;
  logger: Logger;
  /** The record to publish now (without `at`). */
  state: () => Omit<ServerStateRecord, "at">;
  /** Default 5000 ms. */
  periodMs?: number;
}

export class StatePublisher {
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: StatePublisherOptions) {}

  private get key(): string {
    return redisKeys(this.options.prefix).serverState(this.options.serverId);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.publish(), this.options.periodMs ?? 5000);
    this.timer.unref();
    this.publish();
  }

  /** Publishes now (after a change). */
  publish(): void {
    if (!this.timer) return;
    const record: ServerStateRecord = { ...this.options.state(), at: Date.now() };
    this.options.redis
      .set(this.key, JSON.stringify(record), "PX", (this.options.periodMs ?? 5000) * 3)
      .catch((error: unknown) =>
        this.options.logger.debug({ err: error }, "could not publish the server's state"),
      );
  }

  /** Stops publishing and removes the record (another bridge may take the server over). */
  async stop(): Promise<void> {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.options.redis.del(this.key).catch(() => 0);
  }
}
