/**
 * Test support for the job side: a producer that signs jobs as the MCP server does and waits for
 * their outcome. The mod peer and the config are in bridge/testing/.
 */
import {
  commandQueueName,
  connectRedis,
  jobOptions,
  makeRequest,
  type Operation,
  type OperationArgs,
  queuePrefix,
  type RedisConnection,
  signJob,
} from "@mcp-bridge/shared";
import { type Job, Queue, QueueEvents } from "bullmq";
import type { BridgeConfig } from "../../../src/config.js";
import { JOB_SECRET } from "../../../testing/test-config.js";

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
