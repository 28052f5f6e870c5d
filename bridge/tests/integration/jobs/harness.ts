/**
 * Test harness for the job side: a game PEER on 127.0.0.1 (the RCON test server of the rcon tests)
 * that answers `mcpbridge` like the mod does, including its idempotency cache (one execution per
 * request id, replays answered from the cache), a policy file, a config with a private Redis
 * prefix, and a producer that signs jobs as the MCP server does. The bridge itself is real.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  BridgeError,
  commandQueueName,
  connectRedis,
  jobOptions,
  makeRequest,
  type Operation,
  type OperationArgs,
  PROTOCOL_VERSION,
  queuePrefix,
  type RedisConnection,
  signJob,
} from "@mcp-bridge/shared";
import { type Job, Queue, QueueEvents } from "bullmq";
import { FakeRconServer } from "../../../../shared/testing/fake-rcon-server.js";
import { testRedisUrl, uniquePrefix } from "../../../../shared/testing/redis.js";
import { type BridgeConfig, loadConfig } from "../../../src/config.js";

export const JOB_SECRET = "test-job-secret-0123456789";
export const PASSWORD = "rcon-pw";

export interface Envelope {
  id: string;
  type: string;
  payload: { command?: string; query?: string; args: Record<string, unknown> };
}

export interface ModPeerOptions {
  /** false: behave like a server without the mod. */
  mod?: boolean;
  /** Vanilla commands: the answer text, or undefined for the default; may throw to drop the connection. */
  vanilla?: (command: string) => string | undefined;
  /** Requests whose first execution drops the connection after running (the answer is lost). */
  dropAfterRun?: (request: Envelope) => boolean;
}

/** Emulates the mod behind RCON; counts executions per request id. */
export class ModPeer {
  readonly executions = new Map<string, number>();
  readonly batchSizes: number[] = [];
  readonly vanillaCommands: string[] = [];
  private readonly cache = new Map<string, unknown>();
  readonly server: FakeRconServer;

  constructor(readonly options: ModPeerOptions = {}) {
    this.server = new FakeRconServer({ password: PASSWORD, answer: (c) => this.answer(c) });
  }

  /**
   * Until release(): the commands `which` picks still run at once, but their answers wait (a slow or
   * hung server); other commands (e.g. the bridge's own checks) are answered as usual.
   */
  hold(which: (command: string) => boolean = () => true): void {
    this.holding = which;
    this.held ??= new Promise((resolve) => {
      this.releaseHeld = resolve;
    });
  }

  release(): void {
    this.releaseHeld?.();
    this.held = undefined;
  }

  private held: Promise<void> | undefined;
  private holding: (command: string) => boolean = () => true;
  private releaseHeld: (() => void) | undefined;

  private async answer(command: string): Promise<string> {
    const answer = this.answerNow(command);
    if (this.held && this.holding(command)) await this.held;
    return answer;
  }

  private answerNow(command: string): string {
    if (!command.startsWith("mcpbridge ") || this.options.mod === false) {
      this.vanillaCommands.push(command);
      const custom = this.options.vanilla?.(command);
      if (custom !== undefined) return custom;
      if (command.startsWith("list")) return "There are 1 of a max of 20 players online: Steve";
      return "Unknown or incomplete command, see below for error";
    }
    const value = JSON.parse(command.slice("mcpbridge ".length)) as Envelope | Envelope[];
    const list = Array.isArray(value) ? value : [value];
    this.batchSizes.push(list.length);
    let drop = false;
    const answers = list.map((request) => {
      const cached = this.cache.get(request.id);
      if (cached)
        return {
          ...(cached as object),
          payload: { ...(cached as { payload: object }).payload, replay: true },
        };
      const answer = this.run(request);
      this.cache.set(request.id, answer);
      if (this.options.dropAfterRun?.(request)) drop = true;
      return answer;
    });
    if (drop) throw new Error("connection dropped after running");
    return JSON.stringify(Array.isArray(value) ? answers : answers[0]);
  }

  private run(request: Envelope) {
    this.executions.set(request.id, (this.executions.get(request.id) ?? 0) + 1);
    const op = request.payload.command ?? request.payload.query;
    const base = { version: PROTOCOL_VERSION, id: request.id, timestamp: Date.now(), source: "minecraft" };
    const ok = (data: unknown) => ({ ...base, type: "response", payload: { success: true, data } });
    switch (op) {
      case "hello":
        return ok({
          modVersion: "test",
          protocolVersions: [PROTOCOL_VERSION],
          capabilities: [],
          droppedEvents: 0,
        });
      case "get_online_players":
        return ok({ players: ["Steve"], online: 1, max: 20 });
      case "execute_command":
        return ok({ output: `ran ${String(request.payload.args.command)}` });
      case "send_message":
        return ok({ recipients: ["Steve"] });
      default: {
        const error = new BridgeError("UNSUPPORTED", `peer does not implement ${op}`);
        return { ...base, type: "error", payload: error.toPayload() };
      }
    }
  }
}

export function writePolicy(): string {
  const dir = mkdtempSync(join(tmpdir(), "bridge-policy-"));
  const file = join(dir, "policy.json");
  writeFileSync(
    file,
    JSON.stringify({
      roles: {
        // The length cap, so requests too large for one RCON packet reach the packet check.
        admin: { tools: ["*"], commands: [".*"], maxCommandLength: 1000 },
        reader: { tools: ["get_*"] },
      },
      clients: [
        { id: "alice", role: "admin" },
        { id: "bob", role: "reader" },
      ],
    }),
  );
  return file;
}

export function testConfig(rconPort: number, overrides: Record<string, string> = {}): BridgeConfig {
  return loadConfig({
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: uniquePrefix("jobs"),
    JOB_SECRET,
    POLICY_FILE: writePolicy(),
    MC_SERVER_ID: "s1",
    MC_RCON_HOST: "127.0.0.1",
    MC_RCON_PORT: String(rconPort),
    MC_RCON_PASSWORD: PASSWORD,
    MC_EVENTS_TOKEN: "events-token-0123456789",
    RCON_RECONNECT_BASE_MS: "50",
    RCON_RECONNECT_MAX_MS: "200",
    RCON_TIMEOUT_MS: "2000",
    LEASE_TTL_MS: "1000",
    LOG_LEVEL: "silent",
    ...overrides,
  });
}

/** Adds signed jobs the way the MCP server does and waits for their outcome. */
export class Producer {
  readonly queue: Queue;
  readonly events: QueueEvents;
  private readonly connection: RedisConnection;

  constructor(
    readonly config: BridgeConfig,
    readonly serverId = "s1",
  ) {
    this.connection = connectRedis(config.redisUrl, { maxRetriesPerRequest: null });
    const name = commandQueueName(serverId);
    this.queue = new Queue(name, {
      connection: this.connection,
      prefix: queuePrefix(config.redisPrefix, serverId),
    });
    this.events = new QueueEvents(name, {
      connection: this.connection.duplicate(),
      prefix: queuePrefix(config.redisPrefix, serverId),
    });
  }

  async ready(): Promise<void> {
    await this.events.waitUntilReady();
  }

  async add<O extends Operation>(
    op: O,
    args: OperationArgs<O>,
    client = { id: "alice", role: "admin" },
    sign = true,
    replyTo?: string,
  ) {
    const envelope = makeRequest(op, args);
    const unsigned = { serverId: this.serverId, envelope, client, replyTo };
    const data = sign ? signJob(unsigned, JOB_SECRET) : unsigned;
    return this.queue.add(op, data, jobOptions(envelope.id, { attempts: 5 }));
  }

  /** Resolves with the return value, or rejects with the failedReason. */
  finished(job: Job, timeoutMs = 20_000): Promise<unknown> {
    return job.waitUntilFinished(this.events, timeoutMs);
  }

  async close(): Promise<void> {
    await this.events.close();
    await this.queue.close();
    await this.connection.quit();
  }
}
