/**
 * The NPC service: definitions (hot-reloaded) -> one responder per NPC; the consumer-group reader
 * over the event streams and NPC line streams of every server an NPC stands on; the player
 * tracker (timer + join/quit) that also raises proximity messages; presence (summon on start and on
 * reload, kill on removal). Built from a config and a Redis connection; no globals.
 */
import { type ClientIdentity, NpcRecords, PolicyStore, redisKeys } from "@mcp-bridge/shared";
import { GroupReader } from "@mcp-bridge/shared/events";
import { JobClient } from "@mcp-bridge/shared/queue";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { ActionExecutor } from "./actions/executor.js";
import type { NpcConfig } from "./config.js";
import { ConversationHistory } from "./conversation/history.js";
import { NpcResponder } from "./conversation/responder.js";
import { Router } from "./conversation/router.js";
import { Semaphore, TokenBuckets } from "./conversation/token-bucket.js";
import { npcClientId } from "./definitions/command-patterns.js";
import type { NpcDefinition } from "./definitions/schema.js";
import { DefinitionStore } from "./definitions/store.js";
import { Ingest, linesStream, type StreamNames } from "./ingest.js";
import type { LlmBackend } from "./llm/backend.js";
import { OllamaBackend } from "./llm/ollama.js";
import { OpenAiBackend } from "./llm/openai.js";
import { createMetrics, type NpcMetrics } from "./ops/metrics.js";
import { distance, PlayerTracker } from "./world/player-tracker.js";

export const CONSUMER_GROUP = "npc";

export class NpcService {
  readonly metrics: NpcMetrics = createMetrics();
  readonly definitions: DefinitionStore;
  readonly history: ConversationHistory;
  private readonly records: NpcRecords;
  readonly jobs: JobClient;
  readonly executor: ActionExecutor;
  readonly backends: Record<"ollama" | "openai", LlmBackend>;
  private readonly responders = new Map<string, NpcResponder>();
  private readonly tracker: PlayerTracker;
  private readonly router: Router;
  private readonly ingest: Ingest;
  private readonly llmSlots: Semaphore;
  private readonly npcBuckets: TokenBuckets;
  private readonly near = new Map<string, Set<string>>();
  private reader: GroupReader | undefined;
  private streams: StreamNames = { events: new Map(), lines: new Map() };
  private timer: NodeJS.Timeout | undefined;
  private policy: PolicyStore | undefined;

  constructor(
    private readonly config: NpcConfig,
    private readonly redis: Redis,
    private readonly logger: Logger,
  ) {
    this.definitions = new DefinitionStore(config.NPC_FILE, (error) =>
      logger.error({ err: error.message }, "NPC definitions not reloaded; the previous ones stay in force"),
    );
    this.history = new ConversationHistory(redis, config.REDIS_PREFIX);
    this.records = new NpcRecords(redis, config.REDIS_PREFIX);
    this.jobs = new JobClient({
      redis,
      prefix: config.REDIS_PREFIX,
      secret: config.JOB_SECRET,
      timeoutMs: config.JOB_TIMEOUT_MS,
      logger,
    });
    this.executor = new ActionExecutor(this.jobs, logger, config.JOB_TIMEOUT_MS);
    this.tracker = new PlayerTracker(this.jobs, logger, config.JOB_TIMEOUT_MS);
    this.backends = {
      ollama: new OllamaBackend({ baseUrl: config.OLLAMA_HOST }),
      openai: new OpenAiBackend({ baseUrl: config.OPENAI_BASE_URL }, config.LLM_API_KEY),
    };
    this.router = new Router({
      conversationWindowMs: config.NPC_CONVERSATION_WINDOW_MS,
      maxNpcTurns: config.NPC_MAX_TURNS,
      npcCooldownMs: config.NPC_COOLDOWN_MS,
      playerBurst: Math.max(3, Math.ceil(config.NPC_PLAYER_PER_MINUTE / 6)),
      playerPerMinute: config.NPC_PLAYER_PER_MINUTE,
    });
    this.llmSlots = new Semaphore(config.NPC_LLM_CONCURRENCY);
    this.npcBuckets = new TokenBuckets(
      Math.max(3, Math.ceil(config.NPC_PER_MINUTE / 6)),
      config.NPC_PER_MINUTE,
    );
    this.ingest = new Ingest({
      npcs: () => this.definitions.all(),
      responder: (id) => this.responders.get(id),
      clientFor: (serverId) => this.clientFor(serverId),
      router: this.router,
      tracker: this.tracker,
      history: this.history,
      metrics: this.metrics,
      logger,
      streams: () => this.streams,
    });
  }

  async start(): Promise<void> {
    try {
      this.policy = new PolicyStore(this.config.POLICY_FILE).watch();
    } catch (error) {
      this.logger.warn(
        { err: (error as Error).message },
        "cannot read POLICY_FILE; relying on the bridge's check alone",
      );
    }
    this.definitions.watch().onChange((next, previous) => void this.apply(next, previous));
    await this.apply(this.definitions.all(), []);
    this.timer = setInterval(() => void this.refreshPositions(), this.config.NPC_POSITION_REFRESH_MS);
    this.timer.unref();
  }

  responder(id: string): NpcResponder | undefined {
    return this.responders.get(id);
  }

  list(): { npc: NpcDefinition; queueDepth: number }[] {
    return this.definitions
      .all()
      .map((npc) => ({ npc, queueDepth: this.responders.get(npc.id)?.depth ?? 0 }));
  }

  backendFor(npc: NpcDefinition): LlmBackend {
    return this.backends[npc.llm.backend];
  }

  /** Definitions changed (or start): responders, presence in the world, and the streams read. */
  private async apply(next: NpcDefinition[], previous: NpcDefinition[]): Promise<void> {
    const before = new Map(previous.map((n) => [n.id, n]));
    for (const npc of next) {
      this.checkPolicy(npc);
      const existing = this.responders.get(npc.id);
      if (existing) existing.update(npc);
      else this.responders.set(npc.id, this.newResponder(npc));
      const old = before.get(npc.id);
      if (
        !old ||
        JSON.stringify([old.name, old.location, old.entityType]) !==
          JSON.stringify([npc.name, npc.location, npc.entityType])
      ) {
        void this.summon(npc);
      }
    }
    const ids = new Set(next.map((n) => n.id));
    for (const old of previous.filter((n) => !ids.has(n.id))) {
      await this.responders.get(old.id)?.close();
      this.responders.delete(old.id);
      void this.executor.dismiss(old);
    }
    await this.restartReader(next);
    await this.publishRegistry(next);
  }

  /** The running NPCs in Redis (id -> name, server), so other processes can list them without npc/. */
  private async publishRegistry(npcs: NpcDefinition[]): Promise<void> {
    await this.records
      .publish(npcs.map((n) => ({ id: n.id, name: n.name, serverId: n.location.serverId })))
      .catch((error) =>
        this.logger.warn({ err: (error as Error).message }, "could not publish the NPC registry"),
      );
  }

  private newResponder(npc: NpcDefinition): NpcResponder {
    return new NpcResponder(npc, {
      backend: (n) => this.backendFor(n),
      history: this.history,
      executor: this.executor,
      publishLine: (tx, line) => {
        tx.xadd(
          linesStream(this.config.REDIS_PREFIX, line.serverId),
          "MAXLEN",
          "~",
          10_000,
          "*",
          "npcId",
          line.npcId,
          "name",
          line.name,
          "text",
          line.text,
          "turn",
          String(line.turn),
          "timestamp",
          String(line.timestamp),
        );
      },
      done: this.ingest.done,
      llmSlots: this.llmSlots,
      npcBuckets: this.npcBuckets,
      metrics: this.metrics,
      logger: this.logger,
      maxQueueSize: this.config.NPC_MAX_QUEUE,
      batchDelayMs: this.config.NPC_BATCH_DELAY_MS,
    });
  }

  private async summon(npc: NpcDefinition): Promise<void> {
    const result = await this.executor.summon(npc);
    if (!result.ok) {
      this.logger.warn(
        { npc: npc.id, error: result.error, command: result.command },
        "could not place the NPC in the world",
      );
    } else this.logger.info({ npc: npc.id, at: npc.location }, "NPC placed in the world");
  }

  private checkPolicy(npc: NpcDefinition): void {
    const policy = this.policy?.current();
    if (policy && !policy.clientById(npcClientId(npc))) {
      this.logger.warn(
        { npc: npc.id },
        `policy client '${npcClientId(npc)}' is missing from ${this.config.POLICY_FILE}: the bridge will refuse this NPC's jobs; run 'minecraft-npc policy --merge ${this.config.POLICY_FILE}'`,
      );
    }
  }

  private clientFor(serverId: string): ClientIdentity | undefined {
    const npc = this.definitions.all().find((n) => n.location.serverId === serverId);
    return npc && this.executor.clientOf(npc);
  }

  private async restartReader(npcs: NpcDefinition[]): Promise<void> {
    const servers = [...new Set(npcs.map((n) => n.location.serverId))].sort();
    const keys = redisKeys(this.config.REDIS_PREFIX);
    const events = new Map(servers.map((s) => [keys.eventStream(s), s]));
    const lines = new Map(servers.map((s) => [linesStream(this.config.REDIS_PREFIX, s), s]));
    const same = [...events.keys()].join() === [...this.streams.events.keys()].join();
    if (same && this.reader) return;
    await this.reader?.close();
    this.streams = { events, lines };
    if (servers.length === 0) return;
    this.reader = new GroupReader({
      connection: this.redis.duplicate({ maxRetriesPerRequest: null }),
      redis: this.redis,
      streams: [...events.keys(), ...lines.keys()],
      group: CONSUMER_GROUP,
      consumer: this.config.NPC_CONSUMER,
      claimIdleMs: Math.max(60_000, this.config.JOB_TIMEOUT_MS * 4),
      logger: this.logger,
    });
    this.reader.start(this.ingest.handle);
    for (const s of servers) void this.refreshPositions(s);
  }

  /** Positions from the bridge; players who came within an NPC's radius get a proximity message. */
  private async refreshPositions(only?: string): Promise<void> {
    const servers = only ? [only] : [...new Set(this.definitions.all().map((n) => n.location.serverId))];
    for (const serverId of servers) {
      const client = this.clientFor(serverId);
      if (!client) continue;
      await this.tracker.refresh(serverId, client);
      const players = this.tracker.players(serverId);
      for (const npc of this.definitions.all().filter((n) => n.location.serverId === serverId)) {
        const inside = new Set<string>();
        for (const [player, pos] of players) {
          const d =
            pos.world === npc.location.dimension ? distance(pos, npc.location) : Number.POSITIVE_INFINITY;
          if (d > npc.perception.radius) continue;
          inside.add(player);
          const before = this.near.get(npc.id);
          if (before && !before.has(player))
            this.responders.get(npc.id)?.enqueue(this.router.proximity(npc, player, d, Date.now()));
        }
        this.near.set(npc.id, inside);
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.definitions.close();
    this.policy?.close();
    await this.reader?.close();
    await Promise.all([...this.responders.values()].map((r) => r.close()));
    await this.jobs.close();
  }
}
