/**
 * Events end to end: devserver activity driver (`sim rate`) -> mod core emitter -> bridge ingest ->
 * Redis Stream -> MCP server -> an MCP client following the log the way an agent would, with
 * `wait_for_events` and the returned `nextCursor` in a loop. In: a stack and an MCP session.
 * Out: events/s delivered, delivery latency (event envelope timestamp -> parsed by the client),
 * and loss/duplicate counts by the mod's per-server `seq`.
 */
import { EVENT_TYPES } from "@mcp-bridge/shared";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { sim } from "../../shared/testing/game.js";
import type { Stack } from "../../shared/testing/stack.js";
import { endSession } from "./chain-calls.js";

interface ToolEvent {
  seq: number;
  timestamp: number;
  /** Redis Stream id `<ms>-<n>`: its ms part is when the bridge stored the event. */
  cursor?: string;
}
interface EventPage {
  events: ToolEvent[];
  nextCursor: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function page(client: Client, name: string, args: Record<string, unknown>): Promise<EventPage> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content).slice(0, 300)}`);
  return result.structuredContent as unknown as EventPage;
}

/** Counts events by the mod's seq (duplicates, gaps) and their delivery latency. */
export class EventTally {
  readonly latencies: number[] = [];
  /** The envelope timestamp of each latency sample, same order. */
  readonly timestamps: number[] = [];
  /** Of each latency: the part until the bridge stored the event (stream id time - timestamp). */
  readonly storedLags: number[] = [];
  readonly seqs = new Set<number>();
  duplicates = 0;
  errors = 0;
  firstError?: string;
  calls = 0;
  firstAt = 0;
  lastAt = 0;

  record(events: ToolEvent[]): void {
    const now = Date.now();
    const at = performance.now();
    for (const e of events) {
      this.latencies.push(now - e.timestamp);
      this.timestamps.push(e.timestamp);
      const storedAt = Number(e.cursor?.split("-")[0]);
      if (Number.isFinite(storedAt)) this.storedLags.push(storedAt - e.timestamp);
      if (this.seqs.has(e.seq)) this.duplicates++;
      else this.seqs.add(e.seq);
    }
    if (events.length > 0) {
      this.firstAt ||= at;
      this.lastAt = at;
    }
  }

  fail(error: unknown): void {
    this.errors++;
    this.firstError ??= error instanceof Error ? error.message : String(error);
  }

  /**
   * Latencies of the events that happened after the run's first `warmupMs`: the first second carries
   * the JIT warm-up of the event path (devserver emitter, ingest, reader), which happens once per process.
   */
  steadyLatencies(warmupMs = 1000): number[] {
    let first = Number.POSITIVE_INFINITY;
    for (const t of this.timestamps) if (t < first) first = t;
    return this.latencies.filter((_, i) => this.timestamps[i]! >= first + warmupMs);
  }

  /** Seqs missing between the lowest and the highest one received. */
  gaps(): number {
    if (this.seqs.size === 0) return 0;
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (const s of this.seqs) {
      if (s < lo) lo = s;
      if (s > hi) hi = s;
    }
    return hi - lo + 1 - this.seqs.size;
  }

  /** Waits until `count` distinct events arrived or nothing new came for quietMs (bounded by deadline). */
  async drain(count: number, deadline: number, quietMs = 3000): Promise<void> {
    let last = -1;
    let lastChange = performance.now();
    while (this.seqs.size < count && performance.now() < deadline) {
      if (this.seqs.size !== last) {
        last = this.seqs.size;
        lastChange = performance.now();
      } else if (performance.now() - lastChange > quietMs) return;
      await sleep(50);
    }
  }
}

/**
 * Pull: follows the log from "now" with wait_for_events + nextCursor. Its session first narrows its
 * subscription to a player who never plays, so that the server does not also push every event to it;
 * the pull passes every type and player explicitly (explicit arguments win over the subscription).
 */
export class PullReader extends EventTally {
  private stopping = false;
  private loop?: Promise<void>;

  constructor(
    private readonly client: Client,
    readonly deadline: number,
  ) {
    super();
  }

  async start(): Promise<void> {
    await this.client.callTool({
      name: "subscribe_events",
      arguments: { types: [], players: ["NoPushBench"] },
    });
    const all = { types: [...EVENT_TYPES], players: [] };
    const start = await page(this.client, "get_events", { ...all, limit: 1 });
    let cursor = start.nextCursor;
    this.loop = (async () => {
      while (!this.stopping && performance.now() < this.deadline) {
        try {
          const got = await page(this.client, "wait_for_events", {
            ...all,
            cursor,
            limit: 200,
            timeoutSeconds: 1,
          });
          this.calls++;
          this.record(got.events);
          cursor = got.nextCursor;
        } catch (error) {
          this.fail(error);
          await sleep(100);
        }
      }
    })();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.loop;
  }
}

/** Push: counts the logging notifications (logger "minecraft.events") a default session receives. */
export class PushReader extends EventTally {
  constructor(client: Client) {
    super();
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      if (n.params.logger !== "minecraft.events") return;
      this.calls++;
      this.record([n.params.data as ToolEvent]);
    });
  }
}

export interface EventRun {
  mode: "pull" | "push";
  requestedRate: number;
  seconds: number;
  generated: number;
  received: number;
  duplicates: number;
  gaps: number;
  eventsPerSecond: number;
  latencies: number[];
  /** Latencies of the events after the run's first second (see EventTally.steadyLatencies). */
  steadyLatencies: number[];
  /** The part of each latency until the bridge stored the event in the stream. */
  storedLags: number[];
  calls: number;
  errors: number;
  firstError?: string;
}

export const generatedBy = (reply: string) => Number(/generated (\d+)/.exec(reply)?.[1] ?? Number.NaN);

/**
 * One `sim rate <rate> <seconds>` run read end to end by a fresh MCP session, either pulling
 * (wait_for_events loop) or listening to pushed logging notifications.
 */
export async function eventsEndToEnd(
  stack: Stack,
  mode: "pull" | "push",
  rate: number,
  seconds: number,
): Promise<EventRun> {
  const client = await stack.httpClient();
  const deadline = performance.now() + seconds * 1000 + 60_000;
  const pull = mode === "pull" ? new PullReader(client, deadline) : undefined;
  const tally: EventTally = pull ?? new PushReader(client);
  await pull?.start();
  try {
    await sim(stack, `sim rate ${rate} ${seconds}`);
    await sleep(seconds * 1000 + 300);
    const generated = generatedBy((await sim(stack, "sim stop"))[0] ?? "");
    // The driver's bots join on the first run: up to 5 events more than `generated`.
    await tally.drain(generated, deadline);
    await sleep(300);
    await pull?.stop();
    const span = (tally.lastAt - tally.firstAt) / 1000;
    return {
      mode,
      requestedRate: rate,
      seconds,
      generated,
      received: tally.seqs.size,
      duplicates: tally.duplicates,
      gaps: tally.gaps(),
      eventsPerSecond: span > 0 ? tally.seqs.size / span : 0,
      latencies: tally.latencies,
      steadyLatencies: tally.steadyLatencies(),
      storedLags: tally.storedLags,
      calls: tally.calls,
      errors: tally.errors,
      firstError: tally.firstError,
    };
  } finally {
    await pull?.stop();
    await endSession(client);
  }
}
