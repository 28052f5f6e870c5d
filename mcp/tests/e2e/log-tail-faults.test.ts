/**
 * Fault tests of the log-tail source with real processes: the bridge is SIGKILLed while the
 * devserver writes thousands of log lines, and the devserver is restarted (its latest.log rotated
 * to yyyy-MM-dd-N.log.gz) with the bridge running and with the bridge down. What is stored must be
 * exactly the events of the lines written: nothing lost, nothing twice, in order.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { redisKeys } from "@mcp-bridge/shared";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { sim } from "../../../shared/testing/game.js";
import { type Stack, startStack } from "../../../shared/testing/stack.js";
import { until } from "./support/processes.js";

type Ev = [type: string, player: string, text?: string];

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.stop();
  stack = undefined;
});

const KINDS: Record<string, string> = {
  "joined the game": "player_join",
  "left the game": "player_quit",
  died: "player_death",
};

/** What the log says happened, read with plain regexes (independent of the bridge's parser). */
function eventsOfLog(text: string): Ev[] {
  const out: Ev[] = [];
  for (const line of text.split("\n")) {
    const m = /^\[\d\d:\d\d:\d\d\] \[Server thread\/INFO\]: (.*)$/.exec(line);
    if (!m) continue;
    const msg = m[1]!;
    const chat = /^<(\w+)> (.*)$/.exec(msg);
    const other = /^(\w+) (joined the game|left the game|died)$/.exec(msg);
    if (chat) out.push(["player_chat", chat[1]!, chat[2]!]);
    else if (other) out.push([KINDS[other[2]!]!, other[1]!]);
  }
  return out;
}

/** Every log the devserver wrote, oldest first: the rolled-over archives, then latest.log. */
function allLogs(dir: string): string {
  const archives = readdirSync(dir)
    .filter((n) => n.endsWith(".log.gz"))
    .sort((a, b) => Number(/-(\d+)\.log\.gz$/.exec(a)![1]) - Number(/-(\d+)\.log\.gz$/.exec(b)![1]));
  return [
    ...archives.map((n) => gunzipSync(readFileSync(join(dir, n))).toString("utf8")),
    readFileSync(join(dir, "latest.log"), "utf8"),
  ].join("");
}

async function stored(s: Stack): Promise<Ev[]> {
  const redis = new Redis(s.redisUrl);
  try {
    const entries = (await redis.xrange(redisKeys(s.prefix).eventStream(s.serverId), "-", "+")) as [
      string,
      string[],
    ][];
    return entries.map(([, f]) => {
      const p = JSON.parse(f[f.indexOf("event") + 1]!).payload;
      return p.eventType === "player_chat"
        ? [p.eventType, p.data.player, p.data.message]
        : [p.eventType, p.data.player];
    });
  } finally {
    redis.disconnect();
  }
}

async function settled(s: Stack, expected: number): Promise<Ev[]> {
  return until<Ev[] | undefined>(
    async () => {
      const events = await stored(s);
      return events.length >= expected ? events : undefined;
    },
    `${expected} events stored`,
    60_000,
  ) as Promise<Ev[]>;
}

describe("log tail under faults", () => {
  it("a bridge killed while the server writes 10,000 log lines stores every line's event exactly once after its restart", async () => {
    stack = await startStack({ noMod: true, withLog: true });
    // 12,000 happenings in 2 s: ~60% chat, 5% deaths, 10% joins/quits (2 lines each), 25% block breaks (no line).
    await sim(stack, "sim rate 6000 2");
    await until(async () => (await stored(stack!)).length > 1000, "the bridge is storing");
    await stack.bridge.kill();
    const beforeKill = (await stored(stack)).length;
    await new Promise((r) => setTimeout(r, 500));
    stack.bridge = await stack.startBridge();
    await new Promise((r) => setTimeout(r, 1500));
    await sim(stack, "sim stop");
    const written = readFileSync(join(stack.logDir, "latest.log"), "utf8");
    expect(written.split("\n").length).toBeGreaterThan(10_000);
    const expected = eventsOfLog(written);
    expect(beforeKill).toBeLessThan(expected.length); // killed mid-stream
    const got = await settled(stack, expected.length);
    expect(got.length).toBe(expected.length);
    expect(got).toEqual(expected);
  }, 120_000);

  it("a rotated log loses nothing: restarts of the devserver with the bridge running and with the bridge down", async () => {
    stack = await startStack({ noMod: true, withLog: true });
    const say = (tag: string) => sim(stack!, ...[1, 2, 3].map((i) => `sim chat Steve ${tag}${i}`));
    await say("a");
    await stack.devserver.restart(); // rotation while the bridge runs
    await say("b");
    await until(async () => (await stored(stack!)).some((e) => e[2] === "b3"), "b3 stored");
    await stack.bridge.kill();
    await say("c"); // written while the bridge is down, before the rotation
    await stack.devserver.restart(); // rotation while the bridge is down: c1-c3 are only in the .gz
    await say("d");
    stack.bridge = await stack.startBridge();
    const expected = eventsOfLog(allLogs(stack.logDir));
    const got = await settled(stack, expected.length);
    expect(got).toEqual(expected);
    expect(got.filter((e) => e[0] === "player_chat").map((e) => e[2])).toEqual(
      ["a", "b", "c", "d"].flatMap((t) => [1, 2, 3].map((i) => `${t}${i}`)),
    );
  }, 120_000);
});
