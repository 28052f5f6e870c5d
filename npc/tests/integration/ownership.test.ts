/**
 * Several NPC processes (docs/architecture.md, "NPC ownership"): two built NPC services (real
 * processes) against one Redis share the event stream; every NPC is owned by exactly one of them
 * (its lease), half each. One is killed (SIGKILL) while chat keeps coming and batches are in flight:
 * the other takes its NPCs over, and every chat line is answered exactly once (one tellraw job
 * carrying it, heard once in history), none lost. Real Redis, BullMQ and the fake LLM over HTTP; the bridge is a
 * BullMQ worker that checks each job's signature and answers at once (no game here).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { commandQueueName, queuePrefix, redisKeys, verifyJob } from "@mcp-bridge/shared";
import { type Job, Worker } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type Proc, startNode, until } from "../../../shared/testing/processes.js";
import { dropKeys, testRedisUrl, uniquePrefix } from "../../../shared/testing/redis.js";
import { policyFragment } from "../../src/definitions/command-patterns.js";
import { NpcFileSchema } from "../../src/definitions/schema.js";
import { FakeLlm } from "../../testing/fake-llm.js";
import { villagers } from "../../testing/villagers.js";

const SERVER = "owners";
const NPCS = 6;
const LINES = 72;
const prefix = uniquePrefix("owners");
const secret = randomBytes(18).toString("base64url");
const dir = mkdtempSync(join(tmpdir(), "npc-owners-"));
const spot = (i: number) => ({ x: i * 100, y: 64, z: 0 });
const raw = villagers(NPCS, SERVER, spot);

describe("two NPC processes, one owner per NPC", () => {
  const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 3 });
  const procs: Record<string, Proc> = {};
  /** `#n` -> how many tellraw jobs carried it. */
  const answers = new Map<number, number>();
  let llm: FakeLlm;
  let worker: Worker;
  let env: Record<string, string>;

  const start = async (consumer: string) => {
    const port = await freePort();
    procs[consumer] = startNode(`${prefix}-${consumer}`, "npc/dist/main.js", [], {
      ...env,
      NPC_CONSUMER: consumer,
      NPC_OPS_PORT: String(port),
    });
  };
  const owners = async () =>
    Promise.all(
      raw.map(async (n) => (await redis.get(redisKeys(prefix).npcLease(n.id)))?.split(":")[0] ?? null),
    );
  let sent = 0;
  const say = async (count: number) => {
    for (const end = sent + count; sent < end; sent++) {
      const i = sent % NPCS;
      const data = { player: `P${i}`, message: `Npc${i} question #${sent}` };
      const event = {
        ...{ version: "1.0.0", type: "event", id: `ev-${sent}`, timestamp: Date.now(), source: "minecraft" },
        payload: { eventType: "player_chat", seq: sent + 1, data },
      };
      await redis.xadd(
        redisKeys(prefix).eventStream(SERVER),
        "*",
        ...["event", JSON.stringify(event), "type", "player_chat", "player", `P${i}`],
        ...["serverId", SERVER, "ingestedAt", String(Date.now())],
      );
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  beforeAll(async () => {
    llm = await new FakeLlm({ chunkChars: 6, chunkDelayMs: 60 }).start();
    llm.respond = (call) => {
      llm.calls.length = 0;
      const asked = [...(call.body.messages.at(-1)?.content ?? "").matchAll(/question #(\d+)/g)];
      return asked.length > 0 ? `<say>ok ${asked.map((m) => `#${m[1]}`).join(" ")}</say>` : "<silence/>";
    };
    const npcFile = join(dir, "npcs.json");
    const policyFile = join(dir, "policy.json");
    writeFileSync(npcFile, JSON.stringify({ npcs: raw }));
    writeFileSync(policyFile, JSON.stringify(policyFragment(NpcFileSchema.parse({ npcs: raw }).npcs)));
    const players = raw.map((_, i) => `P${i}`);
    const workerRedis = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
    worker = new Worker(
      commandQueueName(SERVER),
      async (job: Job) => {
        const data = verifyJob(job.data, secret);
        const args = (data.envelope as { payload: { args: Record<string, string> } }).payload.args;
        if (job.name === "get_online_players")
          return { success: true, data: { players, online: NPCS, max: NPCS } };
        if (job.name === "get_player_info") {
          const at = spot(Number(String(args.player).slice(1)));
          const location = { world: "minecraft:overworld", x: at.x + 2, y: 64, z: at.z };
          const info = { name: args.player, uuid: "00000000-0000-0000-0000-000000000000", health: 20 };
          return {
            success: true,
            data: { ...info, foodLevel: 20, location, gameMode: "survival", inventory: [] },
          };
        }
        for (const m of String(args.command).matchAll(/#(\d+)/g))
          answers.set(Number(m[1]), (answers.get(Number(m[1])) ?? 0) + 1);
        return { success: true, data: { output: "" } };
      },
      { connection: workerRedis, prefix: queuePrefix(prefix, SERVER), concurrency: 16 },
    );
    worker.on("completed", (job, returnvalue) => {
      if (job.data.replyTo)
        void workerRedis.lpush(
          redisKeys(prefix).reply(job.data.replyTo),
          JSON.stringify({ jobId: job.id, ok: true, returnvalue }),
        );
    });
    env = {
      REDIS_URL: testRedisUrl(),
      REDIS_PREFIX: prefix,
      JOB_SECRET: secret,
      POLICY_FILE: policyFile,
      NPC_FILE: npcFile,
      OLLAMA_HOST: llm.url,
      NPC_LEASE_TTL_MS: "1000",
      NPC_BATCH_DELAY_MS: "100",
      NPC_PLAYER_PER_MINUTE: "100000",
      NPC_PER_MINUTE: "100000",
      NPC_POSITION_REFRESH_MS: "500",
      JOB_TIMEOUT_MS: "5000",
    };
    await Promise.all([start("npc-a"), start("npc-b")]);
    for (const p of Object.values(procs))
      await until(() => p.output().includes("NPC SERVICE READY"), `${p.name} ready\n${p.output()}`);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(Object.values(procs).map((p) => p.stop()));
    await worker?.close();
    await llm?.close();
    await dropKeys(redis, prefix);
    redis.disconnect();
  });

  it("gives each NPC to exactly one process, and a killed process's NPCs to the other, answering every line once", async () => {
    const count = (all: (string | null)[], name: string) => all.filter((o) => o === name).length;
    // Each owns its share (NPCS / 2), whichever started first.
    await until(
      async () => {
        const all = await owners();
        return count(all, "npc-a") === NPCS / 2 && count(all, "npc-b") === NPCS / 2;
      },
      `the NPCs shared: ${await owners()}`,
      20_000,
    );
    const [victim, survivor] = ["npc-a", "npc-b"];

    await say(LINES / 2);
    await until(() => answers.size >= 6, "some lines answered", 20_000);
    await procs[victim]!.kill();
    await say(LINES / 2);

    await until(
      () => Array.from({ length: LINES }, (_, n) => answers.has(n)).every(Boolean),
      `every line answered; missing: ${Array.from({ length: LINES }, (_, n) => n).filter((n) => !answers.has(n))}\n${procs[survivor]!.output().slice(-4000)}`,
      60_000,
    );
    await new Promise((r) => setTimeout(r, 2000));
    const twice = [...answers].filter(([, times]) => times !== 1);
    expect(twice, "lines answered more than once").toEqual([]);
    expect(await owners()).toEqual(raw.map(() => survivor));

    const heard = new Map<string, number>();
    for (const n of raw) {
      for (const entry of await redis.lrange(redisKeys(prefix).npcHistory(n.id), 0, -1)) {
        const m = /question #(\d+)/.exec(entry);
        if (m) heard.set(m[1]!, (heard.get(m[1]!) ?? 0) + 1);
      }
    }
    expect(heard.size).toBe(LINES);
    expect([...heard.values()].every((times) => times === 1)).toBe(true);
    // Nothing left pending: the source stream and every inbox are fully acknowledged.
    await until(async () => {
      const pending = await Promise.all([
        redis.xpending(redisKeys(prefix).eventStream(SERVER), "npc"),
        ...raw.map((n) => redis.xpending(redisKeys(prefix).npcInbox(n.id), "npc")),
      ]);
      return pending.every((p) => (p as [number])[0] === 0);
    }, "no entry pending");
  }, 120_000);
});
