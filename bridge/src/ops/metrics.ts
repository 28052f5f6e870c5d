/**
 * The bridge's Prometheus metrics on a private prom-client Registry (never the global one, so
 * tests and several bridges in one process do not collide). Queue depth is read from BullMQ on
 * every scrape; everything else is pushed by the part of the bridge that observes it.
 */
import type { Queue } from "bullmq";
import { Counter, Gauge, Histogram, Registry } from "prom-client";

/** BullMQ states reported as queue depth. */
const QUEUE_STATES = ["waiting", "active", "delayed", "prioritized", "failed", "completed"] as const;

const LATENCY_BUCKETS_S = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface BridgeMetrics {
  registry: Registry;
  /** Jobs per BullMQ state, per server (label `serverId`, `state`). Collected on scrape. */
  queueDepth: Gauge<"serverId" | "state">;
  /** Time from job creation to its end, seconds (labels serverId, op, outcome). */
  jobLatency: Histogram<"serverId" | "op" | "outcome">;
  /** Job outcomes: completed, failed, retried (labels serverId, op, outcome). */
  jobOutcomes: Counter<"serverId" | "op" | "outcome">;
  /** One RCON round trip (command or batch), seconds. */
  rconLatency: Histogram<"serverId">;
  rconReconnects: Counter<"serverId">;
  /** Valid event frames received from the mod (duplicates included). */
  eventsIn: Counter<"serverId">;
  /** Events appended to the Redis Stream (duplicates excluded). */
  eventsOut: Counter<"serverId">;
  /** Events received again (seq already stored); acknowledged, not stored. */
  eventsDuplicate: Counter<"serverId">;
  /** Sequence numbers never received (gaps) plus what the mod reported dropped in its hello. */
  eventsDropped: Counter<"serverId">;
  /** Event frames refused for their seq (reason undeclared_gap | below_resume); each ends the session. */
  eventsRefused: Counter<"serverId" | "reason">;
  /** Forwarding latency: stored in Redis minus the envelope timestamp, seconds (docs/properties.md, #4). */
  eventLag: Histogram<"serverId">;
  /** Server log lines read by the log-tail source, by outcome: event, other (known layout), unparsed. */
  logLines: Counter<"serverId" | "outcome">;
  /** Live bridges of the fleet, as this bridge saw them at its last announcement. */
  fleetBridges: Gauge;
  /** Servers whose lease this bridge holds. */
  serversOwned: Gauge;
  /** How many servers this bridge should own: its exact share of the fleet's servers. */
  serversQuota: Gauge;
  /** 1 while this bridge holds the server's lease (summed over the fleet: 1 per server when served). */
  leaseHeld: Gauge<"serverId">;
  /** Lease changes on this bridge: acquired, released, handed_over (released to share the work). */
  leaseChanges: Counter<"event">;
  /** Reads queue depth from these queues on every scrape (adds to the ones already watched). */
  watchQueues(queues: readonly Queue[]): void;
}

/** `commands-<serverId>` -> `<serverId>`; other names are reported as they are. */
export function serverIdOfQueue(name: string): string {
  return name.startsWith("commands-") ? name.slice("commands-".length) : name;
}

export function createMetrics(options: { prefix?: string } = {}): BridgeMetrics {
  const p = options.prefix ?? "mcpbridge_";
  const registry = new Registry();
  const watched = new Set<Queue>();
  const registers = [registry];

  const queueDepth = new Gauge({
    name: `${p}queue_depth`,
    help: "Jobs in each BullMQ state per Minecraft server",
    labelNames: ["serverId", "state"] as const,
    registers,
    async collect() {
      // A scrape must answer even when Redis is down: a failing queue keeps its last values.
      await Promise.all(
        [...watched].map(async (queue) => {
          try {
            const counts = await queue.getJobCounts(...QUEUE_STATES);
            const serverId = serverIdOfQueue(queue.name);
            for (const state of QUEUE_STATES) this.set({ serverId, state }, counts[state] ?? 0);
          } catch {
            // reported by /readyz; metrics stay scrapeable
          }
        }),
      );
    },
  });

  return {
    registry,
    queueDepth,
    jobLatency: new Histogram({
      name: `${p}job_latency_seconds`,
      help: "Time from job creation to completion or failure",
      labelNames: ["serverId", "op", "outcome"] as const,
      buckets: LATENCY_BUCKETS_S,
      registers,
    }),
    jobOutcomes: new Counter({
      name: `${p}job_outcomes_total`,
      help: "Jobs by outcome (completed, failed, retried)",
      labelNames: ["serverId", "op", "outcome"] as const,
      registers,
    }),
    rconLatency: new Histogram({
      name: `${p}rcon_latency_seconds`,
      help: "RCON round trip of one command or batch",
      labelNames: ["serverId"] as const,
      buckets: LATENCY_BUCKETS_S,
      registers,
    }),
    rconReconnects: new Counter({
      name: `${p}rcon_reconnects_total`,
      help: "RCON reconnect attempts",
      labelNames: ["serverId"] as const,
      registers,
    }),
    eventsIn: new Counter({
      name: `${p}events_in_total`,
      help: "Valid event frames received from the mod, duplicates included",
      labelNames: ["serverId"] as const,
      registers,
    }),
    eventsOut: new Counter({
      name: `${p}events_out_total`,
      help: "Events appended to the Redis Stream",
      labelNames: ["serverId"] as const,
      registers,
    }),
    eventsDuplicate: new Counter({
      name: `${p}events_duplicate_total`,
      help: "Events received again (seq already stored); acknowledged, not stored",
      labelNames: ["serverId"] as const,
      registers,
    }),
    eventsDropped: new Counter({
      name: `${p}events_dropped_total`,
      help: "Events lost before reaching the bridge (seq gaps and drops reported by the mod)",
      labelNames: ["serverId"] as const,
      registers,
    }),
    eventsRefused: new Counter({
      name: `${p}events_refused_total`,
      help: "Event frames refused for their seq (undeclared_gap: skips events the mod may still hold; below_resume)",
      labelNames: ["serverId", "reason"] as const,
      registers,
    }),
    eventLag: new Histogram({
      name: `${p}event_lag_seconds`,
      help: "Event forwarding latency: stored in Redis minus the envelope timestamp",
      labelNames: ["serverId"] as const,
      buckets: LATENCY_BUCKETS_S,
      registers,
    }),
    logLines: new Counter({
      name: `${p}log_lines_total`,
      help: "Server log lines read by the log-tail source (outcome: event, other, unparsed = unknown layout)",
      labelNames: ["serverId", "outcome"] as const,
      registers,
    }),
    fleetBridges: new Gauge({
      name: `${p}fleet_bridges`,
      help: "Live bridge processes of the fleet, as this bridge last saw them",
      registers,
    }),
    serversOwned: new Gauge({
      name: `${p}servers_owned`,
      help: "Minecraft servers whose lease this bridge holds",
      registers,
    }),
    serversQuota: new Gauge({
      name: `${p}servers_quota`,
      help: "Minecraft servers this bridge should own (its share of the fleet's servers)",
      registers,
    }),
    leaseHeld: new Gauge({
      name: `${p}lease_held`,
      help: "1 while this bridge holds the server's lease (the sum over the fleet is 1 per served server)",
      labelNames: ["serverId"] as const,
      registers,
    }),
    leaseChanges: new Counter({
      name: `${p}lease_changes_total`,
      help: "Server leases acquired, released, and handed over to share the work",
      labelNames: ["event"] as const,
      registers,
    }),
    watchQueues(queues) {
      for (const q of queues) watched.add(q);
    },
  };
}
