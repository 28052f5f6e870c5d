/** The NPC service's configuration: a pure loadConfig(env), every problem listed at once. */
import { hostname } from "node:os";
import { CommonEnv, env, loadEnvConfig } from "@mcp-bridge/shared";
import { z } from "zod";

const url = (fallback: string) =>
  env.text(fallback).pipe(z.string().regex(/^https?:\/\/\S+$/, "must be an http(s):// URL"));

export const NpcConfigSchema = z.object({
  ...CommonEnv,
  NPC_FILE: z.string({ error: "is required: path of the NPC definitions file (JSON or YAML)" }).min(1),
  OLLAMA_HOST: url("http://127.0.0.1:11434"),
  OPENAI_BASE_URL: url("http://127.0.0.1:8000"),
  LLM_API_KEY: env.optionalText(),
  /** Stable per process: a restarted process picks up the messages it had not finished. */
  NPC_CONSUMER: env.text(`npc-${hostname()}`).pipe(z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/)),
  /** An NPC whose owner died passes to another process within about this long. */
  NPC_LEASE_TTL_MS: env.int(5000, 300, 600_000),
  NPC_OPS_HOST: env.text("127.0.0.1"),
  NPC_OPS_PORT: env.int(8090, 0, 65535),
  /** Host names operator MCP clients use (Host header check); loopback names by default. */
  NPC_ALLOWED_HOSTS: env
    .list()
    .transform((hosts) => (hosts.length > 0 ? hosts : ["127.0.0.1", "localhost", "[::1]"])),
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
export type NpcConfig = z.infer<typeof NpcConfigSchema>;

export function loadConfig(environment: Record<string, string | undefined>): NpcConfig {
  return loadEnvConfig(NpcConfigSchema, environment);
}
