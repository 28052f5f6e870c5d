/**
 * Process-wide services shared by every session: RedisConnection connections, the policy store (hot reload),
 * the job client (one QueueEvents per queue), the event log, the one stream reader. Built once from
 * the config; `close()` is idempotent.
 */
import {
  connectRedis,
  duplicateRedis,
  NpcRecords,
  type Policy,
  PolicyStore,
  type RedisConnection,
  redisKeys,
} from "@mcp-bridge/shared";
import { StreamReader } from "@mcp-bridge/shared/events";
import { JobClient } from "@mcp-bridge/shared/queue";
import type { Logger } from "pino";
import { Access } from "./auth/access.js";
import { RateLimiter } from "./auth/rate-limiter.js";
import type { McpConfig } from "./config.js";
import type { ServerDeps } from "./deps.js";
import { EventLog } from "./events/event-log.js";
import { EventWaiter } from "./events/event-waiter.js";
import { VERSION } from "./version.js";

export interface Runtime {
  deps: ServerDeps;
  policy: () => Policy;
  redis: RedisConnection;
  /** "ready" or why Redis cannot be reached (startup log; docs/properties.md, #14). */
  redisStatus(): Promise<string>;
  close(): Promise<void>;
}

export type RuntimeConfig = Pick<
  McpConfig,
  "redisUrl" | "redisPrefix" | "jobSecret" | "servers" | "jobTimeoutMs"
> & {
  policyFile?: string;
  jobRetention?: McpConfig["jobRetention"];
};

/** `policy` may be given directly (tests); otherwise POLICY_FILE is loaded and watched. */
export function createRuntime(config: RuntimeConfig, logger: Logger, policy?: () => Policy): Runtime {
  let store: PolicyStore | undefined;
  if (!policy) {
    store = new PolicyStore(config.policyFile!, {
      onReload: () => logger.info({ policyFile: config.policyFile }, "policy reloaded"),
      onError: (error) =>
        logger.error({ err: error.message }, "policy file invalid; keeping the previous policy"),
    }).watch();
    const s = store;
    policy = () => s.current();
  }
  let lastError = "";
  const redis = connectRedis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 3000 });
  redis.on("error", (error) => {
    if (error.message !== lastError) logger.warn({ err: error.message }, "redis connection problem");
    lastError = error.message;
  });
  redis.on("ready", () => {
    if (lastError) logger.info("redis connection restored");
    lastError = "";
  });
  const readerConnection = duplicateRedis(redis, { maxRetriesPerRequest: null });
  readerConnection.on("error", () => undefined);
  const events = new EventLog(redis, config.redisPrefix);
  const reader = new StreamReader(
    readerConnection,
    StreamReader.keysFor(config.servers, (s) => redisKeys(config.redisPrefix).eventStream(s)),
    logger,
  );
  reader.start();
  const jobs = new JobClient({
    redis,
    prefix: config.redisPrefix,
    secret: config.jobSecret,
    timeoutMs: config.jobTimeoutMs,
    retention: config.jobRetention,
    logger,
  });
  const deps: ServerDeps = {
    servers: config.servers,
    access: new Access(policy, new RateLimiter(redis, config.redisPrefix)),
    jobs,
    events,
    waiter: new EventWaiter(redis, events),
    reader,
    npcs: new NpcRecords(redis, config.redisPrefix),
    logger,
    version: VERSION,
    policyChanges: store?.onChange,
  };
  let closing: Promise<void> | undefined;
  return {
    deps,
    policy,
    redis,
    async redisStatus() {
      try {
        await Promise.race([
          redis.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error("no answer within 3 s")), 3000)),
        ]);
        return "ready";
      } catch (error) {
        return `unreachable (${(error as Error).message})`;
      }
    },
    close() {
      closing ??= (async () => {
        store?.close();
        await reader.close();
        await jobs.close();
        redis.disconnect();
      })();
      return closing;
    },
  };
}
