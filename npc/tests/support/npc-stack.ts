/**
 * Test support: the NPC feature end to end as real parts. The devserver with the real mod core
 * (its allow-list extended with the NPCs' command patterns), the built bridge and the built NPC
 * service as processes, a real Redis under a unique prefix, and the fake LLM server over HTTP.
 * An admin JobClient drives the game (sim chat, tp) through the same queue.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger } from "@mcp-bridge/shared";
import { JobClient } from "@mcp-bridge/shared/queue";
import { Redis } from "ioredis";
import { type RunningDevserver, startDevserver } from "../../../shared/testing/devserver.js";
import { holdFreePorts, httpOk, type Proc, startNode, until } from "../../../shared/testing/processes.js";
import { testRedisUrl, uniquePrefix } from "../../../shared/testing/redis.js";
import { mergePolicy, modAllowPatterns } from "../../src/definitions/command-patterns.js";
import { NpcFileSchema } from "../../src/definitions/schema.js";
import { FakeLlm } from "../../testing/fake-llm.js";

export const SERVER_ID = "npc-e2e";
const ADMIN = { id: "e2e-admin", role: "admin" };

export interface NpcStackOptions {
  /** Raw NPC definitions as in the file. */
  npcs: Record<string, unknown>[];
  /** Definitions the bridge's policy is made from (default: the same); lets a test make the bridge refuse. */
  policyNpcs?: Record<string, unknown>[];
  npcEnv?: Record<string, string>;
}

export class NpcStack {
  llm!: FakeLlm;
  devserver!: RunningDevserver;
  bridge!: Proc;
  npc!: Proc;
  redis!: Redis;
  admin!: JobClient;
  readonly prefix = uniquePrefix("npc");
  readonly dir = mkdtempSync(join(tmpdir(), "npc-e2e-"));
  readonly npcFile = join(this.dir, "npcs.json");
  readonly policyFile = join(this.dir, "policy.json");
  private readonly secret = randomBytes(18).toString("base64url");
  private npcEnv: Record<string, string> = {};
  opsPort = 0;

  async start(options: NpcStackOptions): Promise<this> {
    this.llm = await new FakeLlm().start();
    const npcs = NpcFileSchema.parse({ npcs: options.npcs }).npcs;
    const policyNpcs = NpcFileSchema.parse({ npcs: options.policyNpcs ?? options.npcs }).npcs;
    writeFileSync(this.npcFile, JSON.stringify({ npcs: options.npcs }, null, 2));
    const base = { roles: { admin: { tools: ["*"], commands: [".*"], players: ["*"] } }, clients: [ADMIN] };
    writeFileSync(this.policyFile, JSON.stringify(mergePolicy(base, policyNpcs), null, 2));
    // The bridge's and the NPC service's ports, held until the bridge starts: the devserver binds its
    // RCON and status ports to port 0 meanwhile, and the OS may give it a port probed and closed before.
    const held = await holdFreePorts(2);
    const [bridgePort, opsPort] = held.ports as [number, number];
    this.opsPort = opsPort;
    const eventsToken = randomBytes(12).toString("hex");
    this.devserver = await startDevserver({
      players: ["Steve", "Alex"],
      serverId: SERVER_ID,
      bridgeUrl: `ws://127.0.0.1:${bridgePort}/events`,
      eventsToken,
      allow: [...modAllowPatterns(npcs), "sim .*", "tp .*", "teleport .*"],
    });
    const common = {
      REDIS_URL: testRedisUrl(),
      REDIS_PREFIX: this.prefix,
      JOB_SECRET: this.secret,
      POLICY_FILE: this.policyFile,
    };
    await held.release();
    this.bridge = startNode(`bridge-${this.prefix}`, "bridge/dist/main.js", [], {
      ...common,
      MC_SERVER_ID: SERVER_ID,
      MC_RCON_HOST: "127.0.0.1",
      MC_RCON_PORT: String(this.devserver.rconPort),
      MC_RCON_PASSWORD: this.devserver.password,
      MC_STATUS_PORT: String(this.devserver.statusPort),
      MC_EVENTS_TOKEN: eventsToken,
      BRIDGE_HOST: "127.0.0.1",
      BRIDGE_PORT: String(bridgePort),
      BOARD_USER: "admin",
      BOARD_PASSWORD: randomBytes(12).toString("hex"),
    });
    await until(
      () => httpOk(`http://127.0.0.1:${bridgePort}/healthz`),
      `bridge /healthz\n${this.bridge.output()}`,
    );
    this.redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 3 });
    this.admin = new JobClient({
      redis: this.redis,
      prefix: this.prefix,
      secret: this.secret,
      timeoutMs: 20_000,
      logger: createLogger({ name: "e2e", level: "silent" }),
    });
    this.npcEnv = {
      ...common,
      NPC_FILE: this.npcFile,
      OLLAMA_HOST: this.llm.url,
      OPENAI_BASE_URL: this.llm.url,
      NPC_CONSUMER: "npc-e2e-1",
      NPC_OPS_PORT: String(this.opsPort),
      NPC_POSITION_REFRESH_MS: "500",
      NPC_COOLDOWN_MS: "60000",
      LOG_LEVEL: "debug",
      ...options.npcEnv,
    };
    await this.startNpc();
    return this;
  }

  async startNpc(): Promise<void> {
    this.npc = startNode(`npc-${this.prefix}`, "npc/dist/main.js", [], this.npcEnv);
    await until(
      () => this.npc.output().includes("NPC SERVICE READY"),
      `npc service ready\n${this.npc.output()}`,
    );
  }

  /** Runs a command as the admin client (through the queue, the bridge and RCON). */
  async command(command: string): Promise<string> {
    const outcome = await this.admin.run(SERVER_ID, "execute_command", { command }, ADMIN);
    if (outcome.status !== "completed") throw new Error(`'${command}' still ${outcome.state}`);
    return String((outcome.data as { output?: unknown }).output ?? "");
  }

  /** Lines the devserver logged for tellraw deliveries, as "to <player>: <text>". */
  deliveries(): string[] {
    return this.devserver
      .log()
      .split("\n")
      .flatMap((line) => {
        const m = /\[tellraw to (\w+)\] (.*)$/.exec(line);
        return m ? [`to ${m[1]}: ${m[2]}`] : [];
      });
  }

  async stop(): Promise<void> {
    await this.npc?.stop();
    await this.bridge?.stop();
    await this.devserver?.stop();
    await this.admin?.close();
    this.redis?.disconnect();
    await this.llm?.close();
  }
}
