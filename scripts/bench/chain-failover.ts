/**
 * Failover under load (issue 18): how long the jobs of a bridge that died take to finish.
 * In: a running stack (devserver + owning bridge). Each round starts a standby bridge, keeps
 * `concurrency` producers (the MCP server's JobClient, signed jobs with reply lists) adding
 * give_item and get_online_players back to back, SIGKILLs the owner, stops adding, notes which jobs
 * it left active and waiting, and waits for every job. Out: the takeover time (kill -> the lease names
 * another process), when the jobs active and waiting at the kill finished (ms after the kill), how
 * they ended, and whether every completed give added exactly one diamond.
 */
import {
  commandQueueName,
  createLogger,
  type Operation,
  type OperationArgs,
  queuePrefix,
  redisKeys,
} from "@mcp-bridge/shared";
import { JobClient, type JobOutcome } from "@mcp-bridge/shared/queue";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import type { Stack } from "../../shared/testing/stack.js";
import { ms, percentiles, table } from "./chain-stats.js";

export interface FailoverRound {
  leaseTtlMs: number;
  takeoverMs: number;
  /** Milliseconds after the kill at which each job active at the kill finished. */
  active: number[];
  waiting: number[];
  failed: Record<string, number>;
  replays: number;
  givesCompleted: number;
  diamondsAdded: number;
  load: string;
}

const CLIENT = { id: "e2e-admin", role: "admin" };

/**
 * The players round `round` gives diamonds to, in turn: its own, with empty inventories, since a
 * full inventory (36 stacks of 64: 2,304 diamonds) takes no more and a round gives up to about 1,700.
 */
const roundPlayers = (round: number) => [1, 2, 3, 4].map((k) => `Diver${round}_${k}`);

/** The players `rounds` rounds give to: the bench's devserver must have them online (chain.ts). */
export const failoverPlayers = (rounds: number) =>
  Array.from({ length: rounds }, (_, r) => roundPlayers(r + 1)).flat();

export async function failoverRound(
  stack: Stack,
  options: { leaseTtlMs: number; concurrency: number; loadMs: number; round: number },
  load: () => string,
): Promise<FailoverRound> {
  const standby = await stack.startBridge(`bridge-failover-standby-${stack.prefix}-${options.round}`, {
    standby: true,
  });
  const redis = new Redis(stack.redisUrl, { maxRetriesPerRequest: 3 });
  const jobs = new JobClient({
    redis,
    prefix: stack.prefix,
    secret: stack.jobSecret,
    timeoutMs: 120_000,
    logger: createLogger({ name: "bench-failover", level: "silent" }),
  });
  const queue = new Queue(commandQueueName(stack.serverId), {
    connection: redis,
    prefix: queuePrefix(stack.prefix, stack.serverId),
  });
  const run = <O extends Operation>(op: O, args: OperationArgs<O>) =>
    jobs.run(stack.serverId, op, args, CLIENT) as Promise<JobOutcome & { data: unknown }>;
  const players = roundPlayers(options.round);
  const diamondsOf = async (player: string) => {
    const out = await run("get_player_info", { player });
    const info = out.data as { inventory?: { type: string; quantity: number }[] } | undefined;
    if (!info?.inventory) throw new Error(`get_player_info answered ${JSON.stringify(out).slice(0, 300)}`);
    return info.inventory.filter((s) => s.type === "minecraft:diamond").reduce((n, s) => n + s.quantity, 0);
  };
  const diamonds = async () => (await Promise.all(players.map(diamondsOf))).reduce((a, b) => a + b, 0);
  try {
    const before = await diamonds();
    const outcomes = new Map<string, { op: string; error?: string; replay?: boolean }>();
    let adding = true;
    const producers = Array.from({ length: options.concurrency }, async (_, p) => {
      for (let i = 0; adding; i++) {
        const write = (i + p) % 2 === 0;
        try {
          const out = write
            ? await run("give_item", {
                player: players[i % players.length]!,
                item: "minecraft:diamond",
                quantity: 1,
              })
            : await run("get_online_players", {});
          const replay = (out.data as { replay?: boolean } | undefined)?.replay;
          outcomes.set(out.jobId, { op: write ? "give_item" : "get_online_players", replay });
        } catch (error) {
          const code = /^[A-Z_]+/.exec((error as Error).message)?.[0] ?? "ERROR";
          outcomes.set(`failed-${outcomes.size}`, { op: write ? "give_item" : "read", error: code });
        }
      }
    });
    await new Promise((r) => setTimeout(r, options.loadMs));
    const keys = redisKeys(stack.prefix);
    const leaseKey = keys.lease(stack.serverId);
    const owner = await redis.get(leaseKey);
    const killedAt = Date.now();
    adding = false;
    await stack.bridge.kill();
    // What the dead owner left: nobody moves jobs until another process holds the lease.
    const [active, waiting] = await Promise.all([
      redis.lrange(queue.keys.active!, 0, -1),
      redis.lrange(queue.keys.wait!, 0, -1),
    ]);
    const loadAtKill = load();
    let takeoverMs = Number.NaN;
    for (let deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      const now = await redis.get(leaseKey);
      if (now && now !== owner) {
        takeoverMs = Date.now() - killedAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    stack.bridge = standby;
    await Promise.all(producers);
    const finishedAfterKill = async (ids: string[]) => {
      const out: number[] = [];
      for (const id of ids) {
        const job = await queue.getJob(id);
        if (job?.finishedOn && job.finishedOn >= killedAt) out.push(job.finishedOn - killedAt);
      }
      return out;
    };
    const failed: Record<string, number> = {};
    let replays = 0;
    let givesCompleted = 0;
    for (const o of outcomes.values()) {
      if (o.error) failed[`${o.op} ${o.error}`] = (failed[`${o.op} ${o.error}`] ?? 0) + 1;
      else if (o.op === "give_item") givesCompleted++;
      if (o.replay) replays++;
    }
    return {
      leaseTtlMs: options.leaseTtlMs,
      takeoverMs,
      active: await finishedAfterKill(active),
      waiting: await finishedAfterKill(waiting),
      failed,
      replays,
      givesCompleted,
      diamondsAdded: (await diamonds()) - before,
      load: loadAtKill,
    };
  } finally {
    await jobs.close();
    await queue.close();
    await redis.quit();
  }
}

export function failoverTable(rounds: FailoverRound[], md: boolean): string {
  const rows = rounds.map((r) => {
    const a = percentiles(r.active);
    const w = percentiles(r.waiting);
    const failed = Object.entries(r.failed)
      .map(([k, n]) => `${n} ${k}`)
      .join(", ");
    return [
      String(r.leaseTtlMs),
      ms(r.takeoverMs),
      String(a.n),
      `${ms(a.p50)} / ${ms(a.max)}`,
      (a.max / r.takeoverMs).toFixed(2),
      String(w.n),
      ms(w.max),
      failed || "0",
      String(r.replays),
      `${r.givesCompleted} / ${r.diamondsAdded}`,
      r.load.split(" ")[0]!,
    ];
  });
  return table(
    [
      "lease TTL ms",
      "takeover ms",
      "active at kill",
      "they finished after (p50 / max ms)",
      "max / takeover",
      "waiting at kill",
      "finished after (max ms)",
      "failed",
      "replayed by the mod",
      "gives completed / diamonds added",
      "load 1m",
    ],
    rows,
    md,
  );
}
