/**
 * The NPC service: definitions (hot-reloaded); one lease per NPC so that, with several processes,
 * each NPC has exactly one owner (ingest/ownership.ts); the consumer-group readers (every process
 * routes the sources into per-NPC inboxes; the owner reads its NPCs' inboxes: ingest/readers.ts);
 * for each owned NPC a responder, its presence in the world (world/placement.ts: summoned when taken
 * over, on reload, again when gone; killed on removal), the policy file kept in step with the
 * definitions (definitions/policy-sync.ts) and its proximity messages from the player tracker
 * (refreshed on a timer).
 * The NPCs turn on once the LLM servers they use are ready (llm/readiness.ts): until then nothing
 * is read, owned or said, and the readiness is checked in the background.
 * Built from a config and a Redis connection; no globals.
 */
import { type ClientIdentity, NpcRecords, PolicyStore, type RedisConnection } from "@mcp-bridge/shared";
import { JobClient } from "@mcp-bridge/shared/queue";
import type { Logger } from "pino";
import { ActionExecutor, type CommandResult } from "./actions/executor.js";
import type { NpcConfig } from "./config.js";

/** The service's part of the config: the ops server, the log level and the Redis URL are main.ts's. */
export type NpcServiceConfig = Omit<NpcConfig, "ops" | "logLevel" | "redisUrl">;

import { ConversationHistory } from "./conversation/history.js";
import { NpcResponder } from "./conversation/responder.js";
import { Router } from "./conversation/router.js";
import { Semaphore, TokenBuckets } from "./conversation/token-bucket.js";
import { definitionChanges } from "./definitions/changes.js";
import { applyToPolicy, warnIfNoClient } from "./definitions/policy-sync.js";
import type { NpcDefinition } from "./definitions/schema.js";
import { DefinitionStore } from "./definitions/store.js";
import { FanOut, lineEntryFields, linesStream } from "./ingest/fan-out.js";
import { Inbox } from "./ingest/inbox.js";
import { Ownership } from "./ingest/ownership.js";
import { IngestReaders } from "./ingest/readers.js";
import type { LlmBackend } from "./llm/backend.js";
import { OllamaBackend } from "./llm/ollama.js";
import { OpenAiBackend } from "./llm/openai.js";
import { LlmWait, llmProblems } from "./llm/readiness.js";
import { createMetrics, type NpcMetrics } from "./ops/metrics.js";
import { duplicateConnection } from "./redis-writes.js";
import { nearestPlayer } from "./world/nearest-player.js";
import { Perception } from "./world/perception.js";
import { Placement } from "./world/placement.js";
import { PlayerTracker } from "./world/player-tracker.js";
import { Proximity } from "./world/proximity.js";

const CONSUMER_GROUP = "npc";

export interface NpcState {
  npc: NpcDefinition;
  /** Whether this process owns the NPC (else another process does, or nobody yet). */
  owned: boolean;
  queueDepth: number;
}

export class NpcService {
  readonly metrics: NpcMetrics = createMetrics();
  readonly definitions: DefinitionStore;
  readonly history: ConversationHistory;
  readonly jobs: JobClient;
  /**
   * The jobs' own connection: BullMQ defines its ~40 scripts on the connection it is given, and
   * ioredis copies every defined script onto each pipeline and MULTI it creates (about 0.1 ms each),
   * so the history's transactions and the readers' XACK pipelines run on `redis`, without them.
   */
  private readonly jobsRedis: RedisConnection;
  readonly executor: ActionExecutor;
  readonly backends: Record<"ollama" | "openai", LlmBackend>;
  readonly ownership: Ownership;
  private readonly records: NpcRecords;
  /** Responders of the NPCs this process owns. */
  private readonly responders = new Map<string, NpcResponder>();
  private readonly tracker: PlayerTracker;
  private readonly router: Router;
  private readonly inbox: Inbox;
  private readonly readers: IngestReaders;
  private readonly llmSlots: Semaphore;
  private readonly npcBuckets: TokenBuckets;
  private readonly proximity: Proximity;
  private readonly perception: Perception;
  private readonly placement: Placement;
  private timer: NodeJS.Timeout | undefined;
  private presenceTimer: NodeJS.Timeout | undefined;
  private policy: PolicyStore | undefined;
  private llmWait: LlmWait | undefined;
  private on = false;

  constructor(
    private readonly config: NpcServiceConfig,
    redis: RedisConnection,
    private readonly logger: Logger,
  ) {
    this.definitions = new DefinitionStore(config.npcFile, (error) =>
      logger.error({ err: error.message }, "NPC definitions not reloaded; the previous ones stay in force"),
    );
    this.history = new ConversationHistory(redis, config.redisPrefix);
    this.records = new NpcRecords(redis, config.redisPrefix);
    this.jobsRedis = duplicateConnection(redis).on("error", (error: Error) =>
      logger.warn({ err: error.message }, "redis error (jobs connection)"),
    );
    this.jobs = new JobClient({
      redis: this.jobsRedis,
      prefix: config.redisPrefix,
      secret: config.jobs.secret,
      timeoutMs: config.jobs.timeoutMs,
      logger,
    });
    // A refresh's lookups spread over half the interval: done well before the next one.
    const spreadMs = config.world.positionRefreshMs / 2;
    this.tracker = new PlayerTracker(this.jobs, logger, config.jobs.timeoutMs, spreadMs);
    this.executor = new ActionExecutor(this.jobs, logger, config.jobs.timeoutMs, (npc) =>
      nearestPlayer(this.tracker.players(npc.location.serverId), npc),
    );
    this.placement = new Placement(this.jobs, this.executor, config.jobs.timeoutMs, logger);
    this.perception = new Perception(
      this.jobs,
      this.tracker,
      logger,
      config.world.perceptionTtlMs,
      config.jobs.timeoutMs,
    );
    this.backends = {
      ollama: new OllamaBackend({ baseUrl: config.llm.ollamaHost }),
      openai: new OpenAiBackend({ baseUrl: config.llm.openaiBaseUrl }, config.llm.apiKey),
    };
    this.router = new Router({
      conversationWindowMs: config.conversation.windowMs,
      maxNpcTurns: config.conversation.maxTurns,
      npcCooldownMs: config.conversation.cooldownMs,
      playerBurst: Math.max(3, Math.ceil(config.conversation.playerPerMinute / 6)),
      playerPerMinute: config.conversation.playerPerMinute,
    });
    this.llmSlots = new Semaphore(config.llm.concurrency);
    this.npcBuckets = new TokenBuckets(
      Math.max(3, Math.ceil(config.conversation.npcPerMinute / 6)),
      config.conversation.npcPerMinute,
    );
    this.proximity = new Proximity({
      tracker: this.tracker,
      router: this.router,
      owned: () => this.responders.values(),
      clientFor: (serverId) => this.clientFor(serverId),
    });
    this.inbox = new Inbox({
      owner: (stream) => {
        const id = this.readers.npcOfInbox(stream);
        const responder = id === undefined ? undefined : this.responders.get(id);
        return responder && { npc: responder.npc, responder };
      },
      defined: (stream) => {
        const id = this.readers.npcOfInbox(stream);
        return id !== undefined && this.definitions.get(id) !== undefined;
      },
      router: this.router,
      history: this.history,
      metrics: this.metrics,
      logger,
    });
    const fanOut = new FanOut({
      redis,
      prefix: config.redisPrefix,
      group: CONSUMER_GROUP,
      consumer: config.consumer.name,
      owns: (npcId) => this.responders.has(npcId),
      handOver: (entries) => this.readers.handOver(entries),
      npcs: () => this.definitions.current(),
      clientFor: (serverId) => this.clientFor(serverId),
      tracker: this.tracker,
      metrics: this.metrics,
      logger,
      streams: () => this.readers.streams,
    });
    this.readers = new IngestReaders({
      redis,
      prefix: config.redisPrefix,
      group: CONSUMER_GROUP,
      consumer: config.consumer.name,
      claimIdleMs: Math.max(2000, 2 * config.consumer.leaseTtlMs),
      readIntervalMs: config.consumer.readIntervalMs,
      logger,
      fanOut,
      inbox: this.inbox,
    });
    this.ownership = new Ownership({
      redis,
      prefix: config.redisPrefix,
      ttlMs: config.consumer.leaseTtlMs,
      ownerName: config.consumer.name,
      logger,
      onAcquired: (id) => this.acquired(id),
      onLost: async (id) => this.lost(id),
      handOver: async (id) => this.responders.get(id)?.close(),
    });
  }

  async start(): Promise<void> {
    try {
      this.policy = new PolicyStore(this.config.policyFile).watch();
    } catch (error) {
      this.logger.warn(
        { err: (error as Error).message },
        "cannot read POLICY_FILE; relying on the bridge's check alone",
      );
    }
    this.definitions.watch().onChange((next, previous) => {
      if (this.on) void this.apply(next, previous);
    });
    this.llmWait = new LlmWait({
      problems: () => llmProblems(this.definitions.current(), (npc) => this.backendFor(npc)),
      onReady: () => this.turnOn(),
      logger: this.logger,
      maxDelayMs: this.config.llm.checkMs,
    });
    await this.llmWait.check();
  }

  /** Whether the NPCs are on (the LLM was ready); until then they wait for it. */
  get npcsOn(): boolean {
    return this.on;
  }

  /** Settles when the NPCs are on (or the service closed first). */
  whenOn(): Promise<void> {
    return this.llmWait?.done ?? Promise.resolve();
  }

  private async turnOn(): Promise<void> {
    await this.ownership.start();
    await this.apply(this.definitions.all(), []);
    this.timer = setInterval(() => void this.refreshPositions(), this.config.world.positionRefreshMs);
    this.timer.unref();
    this.presenceTimer = setInterval(() => void this.checkPresence(), this.config.world.presenceCheckMs);
    this.presenceTimer.unref();
    this.on = true;
    this.logger.info({ npcs: this.definitions.current().length }, "NPCs on: the LLM is ready");
  }

  /** The responder of an NPC this process owns. */
  responder(id: string): NpcResponder | undefined {
    return this.responders.get(id);
  }

  list(): NpcState[] {
    return this.definitions.all().map((npc) => ({
      npc,
      owned: this.responders.has(npc.id),
      queueDepth: this.responders.get(npc.id)?.depth ?? 0,
    }));
  }

  backendFor(npc: NpcDefinition): LlmBackend {
    return this.backends[npc.llm.backend];
  }

  /** Says a line now (operators), whoever owns the NPC; it enters history as said. */
  async speak(npc: NpcDefinition, text: string): Promise<CommandResult[]> {
    const results = await this.executor.say(npc, text, `operator:${npc.id}:${Date.now()}`);
    await this.history.append(npc.id, [{ kind: "said", text, at: Date.now() }]);
    return results;
  }

  /** Definitions changed (or start): owned NPCs updated or re-placed, leases, the sources read. */
  private async apply(next: NpcDefinition[], previous: NpcDefinition[]): Promise<void> {
    const changes = definitionChanges(previous, next);
    applyToPolicy(this.config, next, changes, this.logger);
    const changed = new Map(changes.map((c) => [c.id, c]));
    for (const npc of next) {
      warnIfNoClient(this.policy?.current(), npc, this.config.policyFile, this.logger);
      const responder = this.responders.get(npc.id);
      if (!responder) continue; // not ours: its owner applies the change
      responder.update(npc);
      const change = changed.get(npc.id);
      if (change?.replace) void this.summon(npc, change.previous);
    }
    const ids = new Set(next.map((n) => n.id));
    for (const old of previous.filter((n) => !ids.has(n.id))) {
      if (this.responders.has(old.id)) void this.executor.dismiss(old);
    }
    await this.ownership.sync(next.map((n) => n.id));
    await this.readers.readServers(next.map((n) => n.location.serverId));
    for (const s of new Set(next.map((n) => n.location.serverId))) void this.refreshPositions(s);
    await this.publishRegistry(next);
  }

  /**
   * This process now owns the NPC: its perception's first reads (started now, so the first answer
   * after a start or a takeover finds them done instead of waiting for them), its inbox's pending
   * entries, a responder, its presence.
   */
  private async acquired(id: string): Promise<void> {
    const npc = this.definitions.get(id);
    if (!npc) return;
    // What its first batch needs, read now rather than when it comes (after a restart: every NPC's at once).
    this.perception.describe(npc, this.executor.clientOf(npc)).catch(() => undefined);
    this.history.load(id).catch(() => undefined);
    await this.readers.takeInbox(id);
    const responder = this.newResponder(npc);
    this.responders.set(id, responder);
    this.readers.readInboxes([...this.responders.keys()]);
    await responder.resume();
    void this.summon(npc);
  }

  /** Another process owns the NPC now (or it was removed): stop at once. */
  private lost(id: string): void {
    this.responders.get(id)?.abandon();
    this.responders.delete(id);
    this.inbox.release(id);
    this.proximity.forget(id);
    this.history.forget(id);
    this.readers.readInboxes([...this.responders.keys()]);
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
        const stream = linesStream(this.config.redisPrefix, line.serverId);
        tx.xadd(stream, "MAXLEN", "~", 10_000, "*", ...lineEntryFields(line));
      },
      done: (ids) => this.inbox.done(npc.id, ids),
      llmSlots: this.llmSlots,
      npcBuckets: this.npcBuckets,
      metrics: this.metrics,
      logger: this.logger,
      maxQueueSize: this.config.conversation.maxQueue,
      batchDelayMs: this.config.conversation.batchDelayMs,
      policy: () => this.policy?.current(),
      perceive: (n) => this.perception.describe(n, this.executor.clientOf(n)),
    });
  }

  private summon(npc: NpcDefinition, previous: NpcDefinition = npc): Promise<void> {
    const superseded = () => this.definitions.get(npc.id) !== npc || !this.responders.has(npc.id);
    return this.placement.place(npc, previous, superseded);
  }

  /** Owned NPCs whose entity is gone (killed, lost with its chunk) are summoned again. */
  private async checkPresence(): Promise<void> {
    for (const responder of this.responders.values()) {
      const npc = responder.npc;
      if (!(await this.placement.gone(npc)) || this.responders.get(npc.id) !== responder) continue;
      this.logger.warn({ npc: npc.id, at: npc.location }, "the NPC's entity is gone: summoning it again");
      void this.summon(npc);
    }
  }

  private clientFor(serverId: string): ClientIdentity | undefined {
    const npc = this.definitions.current().find((n) => n.location.serverId === serverId);
    return npc && this.executor.clientOf(npc);
  }

  /** Positions from the bridge (one server, or all), and the proximity messages they cause. */
  private async refreshPositions(only?: string): Promise<void> {
    const servers = only ? [only] : [...new Set(this.definitions.all().map((n) => n.location.serverId))];
    for (const serverId of servers) await this.proximity.refresh(serverId);
  }

  /**
   * Graceful: stop reading, let every owned NPC finish the batch in flight (the leases are still
   * renewed meanwhile), then release the leases so other processes take the NPCs over at once.
   */
  async close(): Promise<void> {
    this.llmWait?.close();
    clearInterval(this.timer);
    clearInterval(this.presenceTimer);
    this.tracker.close();
    this.definitions.close();
    this.policy?.close();
    await this.readers.close();
    await Promise.all([...this.responders.values()].map((r) => r.close()));
    await this.ownership.close();
    await this.jobs.close();
    this.jobsRedis.disconnect();
  }
}
