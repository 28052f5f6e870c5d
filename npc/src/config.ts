/**
 * The NPC service's configuration: a pure loadConfig(env), every problem listed at once, shaped
 * into the slices main.ts hands out (the LLM backends, the ops server, the service's parts).
 */
import { hostname } from "node:os";
import { CommonEnv, env, loadEnvConfig } from "@mcp-bridge/shared";
import { z } from "zod";

/** What `minecraft-npc check` needs as well as the service: where the LLM backends are. */
const LlmEnv = {
  OLLAMA_HOST: env.httpUrl("http://127.0.0.1:11434"),
  OPENAI_BASE_URL: env.httpUrl("http://127.0.0.1:8000"),
  LLM_API_KEY: env.optionalText(),
};

const llmBackends = (e: z.infer<z.ZodObject<typeof LlmEnv>>) => ({
  ollamaHost: e.OLLAMA_HOST,
  openaiBaseUrl: e.OPENAI_BASE_URL,
  apiKey: e.LLM_API_KEY,
});

/** The variables the NPC service reads (docs/configuration.md). */
export const NpcEnvSchema = z.object({
  ...CommonEnv,
  ...LlmEnv,
  NPC_FILE: env.required("is required: path of the NPC definitions file (JSON or YAML)"),
  /** Stable per process: a restarted process picks up the messages it had not finished. */
  NPC_CONSUMER: env.text(`npc-${hostname()}`).pipe(z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/)),
  /** An NPC whose owner died passes to another process within about this long. */
  NPC_LEASE_TTL_MS: env.int(5000, 300, 600_000),
  NPC_OPS_HOST: env.text("127.0.0.1"),
  NPC_OPS_PORT: env.port(8090),
  /** Host names operator MCP clients use (Host header check); loopback names by default. */
  NPC_ALLOWED_HOSTS: env.list(["127.0.0.1", "localhost", "[::1]"]),
  NPC_BATCH_DELAY_MS: env.int(500, 0, 60_000),
  NPC_MAX_QUEUE: env.int(50, 1, 10_000),
  /**
   * The stream readers start a new read at most this often: under load each read takes a few
   * entries instead of one (less CPU in this process and in Redis), for at most this much latency.
   */
  NPC_READ_INTERVAL_MS: env.int(5, 0, 1000),
  NPC_LLM_CONCURRENCY: env.int(4, 1, 1000),
  /** While the LLM is not ready (down, loading its model), it is checked again at most this long apart. */
  NPC_LLM_CHECK_MS: env.int(30_000, 100, 3_600_000),
  NPC_MAX_TURNS: env.int(4, 1, 100),
  NPC_COOLDOWN_MS: env.int(30_000, 0, 3_600_000),
  NPC_CONVERSATION_WINDOW_MS: env.int(60_000, 0, 3_600_000),
  NPC_POSITION_REFRESH_MS: env.int(2000, 100, 600_000),
  /** Time of day and weather in the prompts: one get_server_info per server at most this often. */
  NPC_PERCEPTION_TTL_MS: env.int(5000, 100, 600_000),
  NPC_PLAYER_PER_MINUTE: env.int(20, 1, 100_000),
  NPC_PER_MINUTE: env.int(30, 1, 100_000),
  JOB_TIMEOUT_MS: env.int(10_000, 100, 600_000),
  /** How often an owned NPC's entity is looked for (with the mod), and summoned again when gone. */
  NPC_PRESENCE_CHECK_MS: env.int(10_000, 200, 3_600_000),
  /**
   * Write the NPCs' roles into POLICY_FILE on every reload of NPC_FILE (`minecraft-npc policy
   * --merge` at each change), so that the bridge allows what the file now defines. Needs write
   * access to the policy file; off, the policy is merged by hand and a rename waits for it.
   */
  NPC_POLICY_MERGE: env.bool(false),
});

const NpcConfigSchema = NpcEnvSchema.transform((e) => ({
  redisUrl: e.REDIS_URL,
  redisPrefix: e.REDIS_PREFIX,
  logLevel: e.LOG_LEVEL,
  npcFile: e.NPC_FILE,
  policyFile: e.POLICY_FILE,
  policyMerge: e.NPC_POLICY_MERGE,
  jobs: { secret: e.JOB_SECRET, timeoutMs: e.JOB_TIMEOUT_MS },
  /** This process among the NPC services: its stream consumer name and its NPC leases. */
  consumer: { name: e.NPC_CONSUMER, leaseTtlMs: e.NPC_LEASE_TTL_MS, readIntervalMs: e.NPC_READ_INTERVAL_MS },
  llm: { ...llmBackends(e), concurrency: e.NPC_LLM_CONCURRENCY, checkMs: e.NPC_LLM_CHECK_MS },
  conversation: {
    windowMs: e.NPC_CONVERSATION_WINDOW_MS,
    maxTurns: e.NPC_MAX_TURNS,
    cooldownMs: e.NPC_COOLDOWN_MS,
    playerPerMinute: e.NPC_PLAYER_PER_MINUTE,
    npcPerMinute: e.NPC_PER_MINUTE,
    batchDelayMs: e.NPC_BATCH_DELAY_MS,
    maxQueue: e.NPC_MAX_QUEUE,
  },
  world: {
    positionRefreshMs: e.NPC_POSITION_REFRESH_MS,
    presenceCheckMs: e.NPC_PRESENCE_CHECK_MS,
    perceptionTtlMs: e.NPC_PERCEPTION_TTL_MS,
  },
  ops: { host: e.NPC_OPS_HOST, port: e.NPC_OPS_PORT, allowedHosts: e.NPC_ALLOWED_HOSTS },
}));
export type NpcConfig = z.infer<typeof NpcConfigSchema>;

export function loadConfig(environment: Record<string, string | undefined>): NpcConfig {
  return loadEnvConfig(NpcConfigSchema, environment);
}

const LlmConfigSchema = z.object(LlmEnv).transform(llmBackends);

/** The LLM backends' addresses alone (`minecraft-npc check` needs nothing else). */
export function loadLlmConfig(environment: Record<string, string | undefined>) {
  return loadEnvConfig(LlmConfigSchema, environment);
}
