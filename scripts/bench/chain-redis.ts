/**
 * Redis's own count of what a benchmark window cost it: `INFO commandstats` before and after, per
 * command (calls and microseconds spent executing them, scripts' inner commands included in their
 * EVALSHA), divided by the calls the window completed.
 */
import { Redis } from "ioredis";

export type CommandStats = Record<string, { calls: number; usec: number }>;

export async function commandStats(url: string): Promise<CommandStats> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    const text = await redis.info("commandstats");
    const out: CommandStats = {};
    for (const line of text.split(/\r?\n/)) {
      const m = /^cmdstat_([^:]+):calls=(\d+),usec=(\d+)/.exec(line);
      if (m) out[m[1]!] = { calls: Number(m[2]), usec: Number(m[3]) };
    }
    return out;
  } finally {
    redis.disconnect();
  }
}

/** Per completed call: how many of each command, and how many microseconds of Redis time. */
export function perCall(before: CommandStats, after: CommandStats, calls: number): CommandStats {
  const out: CommandStats = {};
  for (const [name, a] of Object.entries(after)) {
    const b = before[name] ?? { calls: 0, usec: 0 };
    const dc = a.calls - b.calls;
    // INFO itself and the clients' connection setup are the measurement's, not the calls'.
    if (dc <= 0 || name === "info" || name === "client|setname" || name === "client|setinfo") continue;
    out[name] = { calls: dc / Math.max(1, calls), usec: (a.usec - b.usec) / Math.max(1, calls) };
  }
  return out;
}
