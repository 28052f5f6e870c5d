import {
  appendFileSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { createLogger, EventMessageSchema, redisKeys } from "@mcp-bridge/shared";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { testRedisUrl, uniquePrefix } from "../../../../shared/testing/redis.js";
import { LogTailSource } from "../../../src/logtail/log-tail-source.js";
import { LogPositionStore } from "../../../src/logtail/position-store.js";

const redis = new Redis(testRedisUrl());
const logger = createLogger({ name: "logtail-test", level: process.env.LOGTAIL_DEBUG ? "debug" : "silent" });
const line = (msg: string) => `[12:00:00] [Server thread/INFO]: ${msg}\n`;
const FIRST = "[11:59:59] [ServerMain/INFO]: Environment: Environment[sessionHost=x]\n";

let dir: string;
let path: string;
let prefix: string;
let sources: LogTailSource[];

function source(options: { fromStart?: boolean } = {}) {
  const s = new LogTailSource({
    serverId: "srv",
    path,
    store: new LogPositionStore(redis, prefix, "srv", 100_000),
    logger,
    pollMs: 10_000, // tests wake it explicitly
    fromStart: options.fromStart ?? true,
  });
  sources.push(s);
  s.start();
  return s;
}

async function stored(): Promise<{ type: string; player: string; seq: number; message?: string }[]> {
  const entries = (await redis.xrange(redisKeys(prefix).eventStream("srv"), "-", "+")) as [
    string,
    string[],
  ][];
  return entries.map(([, fields]) => {
    const event = EventMessageSchema.parse(JSON.parse(fields[fields.indexOf("event") + 1]!));
    const data = event.payload.data as { player: string; message?: string };
    const out: { type: string; player: string; seq: number; message?: string } = {
      type: event.payload.eventType,
      player: data.player,
      seq: event.payload.seq,
    };
    if (data.message !== undefined) out.message = data.message;
    return out;
  });
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "logtail-"));
  path = join(dir, "latest.log");
  prefix = uniquePrefix("logtail");
  sources = [];
});
afterEach(async () => {
  await Promise.all(sources.map((s) => s.stop()));
  rmSync(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await redis.quit();
});

describe("log tail source", () => {
  it("waits for a missing file, then stores each complete line's event once with increasing seq", async () => {
    const s = source();
    await s.wake();
    writeFileSync(
      path,
      FIRST + line("Steve joined the game") + line("<Steve> hi") + "[12:00:01] [Server thread/INFO]: <Ste",
    );
    await s.wake();
    expect(await stored()).toEqual([
      { type: "player_join", player: "Steve", seq: 1 },
      { type: "player_chat", player: "Steve", seq: 2, message: "hi" },
    ]);
    appendFileSync(path, "ve> second\n");
    await s.wake();
    await s.wake();
    expect((await stored()).map((e) => e.message)).toEqual([undefined, "hi", "second"]);
  });

  it("resumes after a restart from the stored position: nothing lost, nothing twice", async () => {
    writeFileSync(path, FIRST + line("<Steve> one"));
    const first = source();
    await first.wake();
    await first.stop();
    appendFileSync(path, line("<Steve> two") + line("Steve left the game"));
    const second = source();
    await second.wake();
    expect((await stored()).map((e) => [e.seq, e.type])).toEqual([
      [1, "player_chat"],
      [2, "player_chat"],
      [3, "player_quit"],
    ]);
  });

  it("two tailers of one file never store a line twice (the position is compare-and-set)", async () => {
    writeFileSync(path, FIRST);
    const a = source();
    const b = source();
    for (let i = 0; i < 50; i++) {
      appendFileSync(path, line(`<Steve> m${i}`));
      await Promise.all([a.wake(), b.wake()]);
    }
    await Promise.all([a.wake(), b.wake()]);
    expect((await stored()).map((e) => e.message)).toEqual(Array.from({ length: 50 }, (_, i) => `m${i}`));
  });

  it("follows a rotation while running and finishes the old file first", async () => {
    writeFileSync(path, FIRST + line("<Steve> before"));
    const s = source();
    await s.wake();
    appendFileSync(path, line("<Steve> last words of the old file"));
    renameSync(path, join(dir, "2026-11-23-1.log"));
    writeFileSync(path, "[12:05:00] [ServerMain/INFO]: Environment: new\n" + line("<Alex> new file"));
    await s.wake();
    expect((await stored()).map((e) => e.message)).toEqual([
      "before",
      "last words of the old file",
      "new file",
    ]);
  });

  it("reads the rest of the rotated log from its .gz archive when the bridge was down during the rotation", async () => {
    writeFileSync(path, FIRST + line("<Steve> a"));
    const first = source();
    await first.wake();
    await first.stop();
    appendFileSync(path, line("<Steve> b (written while the bridge was down)"));
    const archive = join(dir, "2026-11-23-2.log.gz");
    writeFileSync(archive, gzipSync(readFileSync(path)));
    rmSync(path);
    writeFileSync(path, "[12:06:00] [ServerMain/INFO]: Environment: new\n" + line("<Alex> c"));
    const second = source();
    await second.wake();
    expect((await stored()).map((e) => e.message)).toEqual([
      "a",
      "b (written while the bridge was down)",
      "c",
    ]);
  });

  it("starts over when the file is truncated", async () => {
    writeFileSync(path, FIRST + line("<Steve> a") + line("<Steve> b"));
    const s = source();
    await s.wake();
    truncateSync(path, 0);
    writeFileSync(path, "[12:07:00] [ServerMain/INFO]: Environment: again\n" + line("<Steve> c"));
    await s.wake();
    expect((await stored()).map((e) => e.message)).toEqual(["a", "b", "c"]);
  });

  it("a first start ever begins at the end of the existing file by default", async () => {
    writeFileSync(path, FIRST + line("<Steve> old news"));
    const s = source({ fromStart: false });
    await s.wake();
    appendFileSync(path, line("<Steve> fresh"));
    await s.wake();
    expect((await stored()).map((e) => e.message)).toEqual(["fresh"]);
  });

  it("a log that was missing or empty when first seen is new: its first lines are read, even by default", async () => {
    writeFileSync(path, "");
    const s = source({ fromStart: false });
    await s.wake();
    appendFileSync(path, FIRST + line("Steve joined the game") + line("<Steve> first words"));
    await s.wake();
    expect((await stored()).map((e) => e.type)).toEqual(["player_join", "player_chat"]);

    rmSync(path);
    prefix = uniquePrefix("logtail");
    const missing = source({ fromStart: false });
    await missing.wake();
    writeFileSync(path, FIRST + line("Alex joined the game"));
    await missing.wake();
    expect((await stored()).map((e) => e.player)).toEqual(["Alex"]);
  });
});
