/**
 * A consumer-group reader of the per-server event streams (and any other streams): several
 * processes share the work, each entry goes to one of them, and an entry counts as handled only
 * when the handler acknowledges it. In: XREADGROUP on a dedicated blocking connection. Out: each
 * entry with an `ack()`; the entries of one read are handled concurrently. On start the consumer
 * first re-reads its own pending entries (a restart neither loses nor skips a message), and it
 * claims entries that another consumer left pending longer than `claimIdleMs` (a crashed process).
 * Acknowledgements made in the same tick go out together: one XACK per stream with all their ids.
 * On a Redis Cluster a command or pipeline names keys of one slot only: there each slot's streams
 * get their own read loop (on its own blocking connection) and their own pipelines; on a single
 * Redis one loop reads every stream, which is cheapest.
 */

import type { Logger } from "pino";
import { duplicateRedis, type RedisConnection } from "../redis/connect.js";
import { keysPerCommand } from "../redis/slots.js";
import type { StreamEntry } from "./event-record.js";

export interface GroupEntry {
  stream: string;
  id: string;
  fields: string[];
  /**
   * Delivered before (this consumer's backlog after a restart, or claimed from another consumer):
   * it may have been partly handled. False for an entry the group hands out for the first time.
   */
  redelivered: boolean;
  /** XACK: the entry is done and will not be delivered again. */
  ack(): Promise<void>;
  /**
   * The handler acknowledged the entry itself (an XACK inside its own script or transaction): the
   * reader stops tracking it, without an XACK of its own.
   */
  forget(): void;
}

export type GroupHandler = (entry: GroupEntry) => void | Promise<void>;

export interface GroupReaderOptions {
  /** Blocking connection, used only by this reader's XREADGROUP. */
  connection: RedisConnection;
  /** Non-blocking connection for XGROUP, XACK and XAUTOCLAIM. */
  redis: RedisConnection;
  streams: string[];
  group: string;
  consumer: string;
  /** Where a new group starts: "$" (only new entries, the default) or "0" (everything kept). */
  startId?: string;
  claimIdleMs?: number;
  blockMs?: number;
  count?: number;
  /**
   * New-entry reads start at least this far apart (0: at once). Under a steady trickle each read
   * then takes what arrived meanwhile instead of waking for nearly every entry: fewer XREADGROUPs
   * (each names every stream) for at most this much more latency.
   */
  minIntervalMs?: number;
  logger: Logger;
}

const RETRY_MS = 1000;

/** One read loop: the streams it reads (all, or one slot's on a cluster) on its blocking connection. */
interface ReadLoop {
  connection: RedisConnection;
  streams: string[];
  lastClaim: number;
  lastRead: number;
  /** The XREADGROUP arguments of a new-entry read (the same every time). */
  newArgs?: (string | number)[];
}

export class GroupReader {
  private running = false;
  private handler: GroupHandler | undefined;
  private loops: Promise<void>[] = [];
  private readonly connections: RedisConnection[] = [];
  /** Delivered and not yet acknowledged: never handed out twice by this process. */
  private readonly inFlight = new Set<string>();
  /** Acknowledgements waiting for this tick's XACK, by stream. */
  private acks = new Map<string, { id: string; done: (error?: Error) => void }[]>();

  constructor(private readonly options: GroupReaderOptions) {}

  /** Creates the groups (idempotent) and starts delivering to `handler`, one entry at a time. */
  start(handler: GroupHandler): void {
    if (this.running) return;
    this.running = true;
    this.handler = handler;
    const { connection, streams } = this.options;
    this.loops = keysPerCommand(connection, streams).map((slotStreams, i) => {
      const own = i === 0 ? connection : duplicateRedis(connection);
      this.connections.push(own);
      return this.run(handler, own, slotStreams);
    });
  }

  /**
   * An entry this consumer took from the group itself (an XREADGROUP inside the caller's script):
   * handled and acknowledged as one this reader read. When the reader is closed it stays pending
   * for this consumer, and the next reader's backlog read delivers it.
   */
  handOver(stream: string, id: string, fields: string[]): Promise<void> {
    if (!this.running || !this.handler) return Promise.resolve();
    return this.deliver(this.handler, stream, id, fields, false);
  }

  async close(): Promise<void> {
    this.running = false;
    this.options.connection.disconnect();
    for (const connection of this.connections) connection.disconnect();
    await Promise.race([
      Promise.all(this.loops),
      new Promise((resolve) => setTimeout(resolve, 1000).unref()),
    ]);
  }

  private async ensureGroups(streams: string[]): Promise<void> {
    const { redis, group, startId = "$" } = this.options;
    for (const stream of streams) {
      try {
        await redis.xgroup("CREATE", stream, group, startId, "MKSTREAM");
      } catch (error) {
        if (!String((error as Error).message).includes("BUSYGROUP")) throw error;
      }
    }
  }

  private async run(handler: GroupHandler, connection: RedisConnection, streams: string[]): Promise<void> {
    let ready = false;
    let backlog: string | undefined = "0";
    const loop: ReadLoop = { connection, streams, lastClaim: 0, lastRead: 0 };
    while (this.running) {
      try {
        if (!ready) {
          await this.ensureGroups(streams);
          ready = true;
        }
        if (backlog) backlog = await this.readOnce(handler, loop, backlog);
        else {
          await this.claimAbandoned(handler, loop);
          await this.spaceReads(loop);
          await this.readOnce(handler, loop, ">");
        }
      } catch (error) {
        if (!this.running) return;
        if (String((error as Error).message).includes("NOGROUP")) ready = false;
        this.options.logger.warn({ err: (error as Error).message }, "stream group read failed; retrying");
        await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    }
  }

  private async spaceReads(loop: ReadLoop): Promise<void> {
    const { minIntervalMs = 0 } = this.options;
    const wait = loop.lastRead + minIntervalMs - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    loop.lastRead = performance.now();
  }

  private readArgs(loop: ReadLoop, id: string): (string | number)[] {
    if (id === ">" && loop.newArgs) return loop.newArgs;
    const { group, consumer, blockMs = 2000, count = 200 } = this.options;
    const args: (string | number)[] = ["GROUP", group, consumer, "COUNT", count];
    if (id === ">") args.push("BLOCK", blockMs);
    args.push("STREAMS", ...loop.streams, ...loop.streams.map(() => id));
    if (id === ">") loop.newArgs = args;
    return args;
  }

  /**
   * One XREADGROUP. With ">" new entries; with an id, this consumer's own pending entries after it
   * (the backlog after a restart): returns the id to continue from, or undefined when it is done.
   */
  private async readOnce(handler: GroupHandler, loop: ReadLoop, id: string): Promise<string | undefined> {
    const { redis, group } = this.options;
    const reply = (await loop.connection.call("XREADGROUP", ...this.readArgs(loop, id))) as
      | [string, StreamEntry[]][]
      | null;
    let last: string | undefined;
    const deliveries: Promise<void>[] = [];
    for (const [stream, entries] of reply ?? []) {
      for (const [entryId, fields] of entries) {
        last = entryId;
        // A pending entry trimmed from the stream comes back with no fields: acknowledge and skip it.
        if (!fields) deliveries.push(redis.xack(stream, group, entryId).then(() => undefined));
        else deliveries.push(this.deliver(handler, stream, entryId, fields, id !== ">"));
      }
    }
    // The entries of one read are handed out together (in order; each handler's awaits overlap),
    // and the next read waits for all of them.
    await Promise.all(deliveries);
    return id === ">" ? undefined : last;
  }

  private async deliver(
    handler: GroupHandler,
    stream: string,
    id: string,
    fields: string[],
    redelivered: boolean,
  ): Promise<void> {
    const key = `${stream} ${id}`;
    if (this.inFlight.has(key)) return;
    this.inFlight.add(key);
    const ack = async () => {
      await this.ack(stream, id);
      this.inFlight.delete(key);
    };
    const forget = () => void this.inFlight.delete(key);
    await handler({ stream, id, fields, redelivered, ack, forget });
  }

  private ack(stream: string, id: string): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.acks.size === 0) setImmediate(() => void this.flushAcks());
      const list = this.acks.get(stream) ?? [];
      this.acks.set(stream, list);
      list.push({ id, done: (error) => (error ? reject(error) : resolve()) });
    });
  }

  /** One XACK per stream for every acknowledgement made since the last flush, in one pipeline (per slot). */
  private async flushAcks(): Promise<void> {
    const batch = this.acks;
    this.acks = new Map();
    const { redis, group } = this.options;
    for (const streams of keysPerCommand(redis, [...batch.keys()])) {
      const pipeline = redis.pipeline();
      for (const stream of streams) pipeline.xack(stream, group, ...batch.get(stream)!.map((a) => a.id));
      const errors = await pipeline.exec().then(
        (results) => (results ?? []).map(([error]) => error),
        (error: Error) => streams.map(() => error),
      );
      streams.forEach((stream, i) => {
        for (const a of batch.get(stream)!) a.done(errors[i] ?? undefined);
      });
    }
  }

  /** One XAUTOCLAIM per stream, all in one pipeline (a reader of many streams must not stall on them). */
  private async claimAbandoned(handler: GroupHandler, loop: ReadLoop): Promise<void> {
    const { redis, group, consumer, claimIdleMs = 60_000 } = this.options;
    const { streams } = loop;
    if (Date.now() - loop.lastClaim < claimIdleMs / 2) return;
    loop.lastClaim = Date.now();
    const pipeline = redis.pipeline();
    for (const stream of streams)
      pipeline.xautoclaim(stream, group, consumer, claimIdleMs, "0-0", "COUNT", 100);
    const results = (await pipeline.exec()) ?? [];
    const deliveries: Promise<void>[] = [];
    results.forEach(([error, reply], i) => {
      if (error) throw error;
      const [, entries] = reply as [string, StreamEntry[]];
      for (const [entryId, fields] of entries) {
        if (fields) deliveries.push(this.deliver(handler, streams[i]!, entryId, fields, true));
      }
    });
    await Promise.all(deliveries);
  }
}
