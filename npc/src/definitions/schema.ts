/**
 * The NPC definitions file: who each NPC is, what it may do, where it
 * stands and which LLM answers for it. JSON or YAML; every problem is listed at once.
 */
import { NpcIdSchema, patternProblem, ServerIdSchema } from "@mcp-bridge/shared";
import { z } from "zod";

/** Ids are shared with mcp/ (the NPC registry in Redis, shared/src/npc-records.ts). */
export { NpcIdSchema };

/** Verbs whose arguments run other commands: only an explicit pattern may allow them. */
export const NEEDS_PATTERN = ["execute", "schedule", "forceload", "datapack", "trigger"] as const;

/** A verb (`give`: safe arguments only) or `{pattern}`: an explicit regex over the whole command. */
export const AllowedCommandSchema = z.union([
  z
    .string()
    .regex(/^[a-z][a-z0-9_-]*$/, "must be a command verb such as 'give' (or use {pattern: ...})")
    .refine((verb) => !(NEEDS_PATTERN as readonly string[]).includes(verb), {
      error: (issue) => `'${issue.input}' runs other commands: allow it only with an explicit {pattern: ...}`,
    }),
  z.object({
    pattern: z
      .string()
      .min(1)
      .superRefine((p, ctx) => {
        const problem = patternProblem(p);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
  }),
]);
export type AllowedCommand = z.infer<typeof AllowedCommandSchema>;

/** Verbs an NPC never runs, whatever its allowed list says (added to its own denied list). */
export const ALWAYS_DENIED = [
  "op",
  "deop",
  "stop",
  "ban",
  "ban-ip",
  "pardon",
  "pardon-ip",
  "whitelist",
  "reload",
  "save-off",
  "function",
  "mcpbridge",
] as const;

export const LlmSettingsSchema = z.object({
  /**
   * Off: the NPC stands in the world but no LLM answers for it (no call, no readiness check); it
   * says its fallbackLine, if any, or nothing. What it hears is still recorded.
   */
  enabled: z.boolean().default(true),
  backend: z.enum(["ollama", "openai"]).default("ollama"),
  model: z.string().min(1).default("llama3.2"),
  /** Sent only when set; unset, the model's default holds (some OpenAI models accept only 1). */
  temperature: z.number().min(0).max(2).optional(),
  /** Our own deadline for one answer (ms). */
  timeoutMs: z.number().int().min(100).max(600_000).default(30_000),
  /** Retries of a failed call (429, 5xx, connection errors) within timeoutMs (the seed's `retries`). */
  retries: z.number().int().min(0).max(10).default(3),
  /**
   * The seed's response cache: the same messages (kind, sender and text of each, in order) to this
   * NPC, as defined now, within this many ms get the answer given before, without an LLM call. Only
   * answers that ran no command and called no tool are reused. 0: off. The conversation so far is
   * not part of the key: a greeting is answered alike whatever was said before it.
   */
  cacheTtlMs: z.number().int().min(0).max(86_400_000).default(0),
  /**
   * Cap on one answer's tokens (Ollama `options.num_predict`; OpenAI `max_tokens` or
   * `max_completion_tokens`, see maxTokensParam). An answer cut by it is logged and counted
   * (npc_llm_answers_total{stop="length"}); a <say> it cut is said up to the cut, ending in "...".
   */
  maxOutputTokens: z.number().int().min(16).max(32_768).default(512),
  /**
   * The OpenAI field for maxOutputTokens: `max_tokens` (llama.cpp, vLLM, LM Studio, most
   * compatible servers) or `max_completion_tokens` (OpenAI's own API; its reasoning models refuse
   * `max_tokens`).
   */
  maxTokensParam: z.enum(["max_tokens", "max_completion_tokens"]).default("max_tokens"),
  /** Ollama `options.num_ctx`. */
  numCtx: z.number().int().min(256).optional(),
  /**
   * Ollama `keep_alive` (e.g. "10m", "-1", 0), sent only when set: unset, the server's
   * OLLAMA_KEEP_ALIVE holds.
   */
  keepAlive: z.union([z.string().min(1), z.number()]).optional(),
  /** Constrain the output to a JSON object {thinking, say[], functions[], silence} (both backends). */
  structuredOutput: z.boolean().default(false),
  /** Said in character when the LLM is down or too slow; omitted: the NPC stays silent. */
  fallbackLine: z.string().max(200).optional(),
  /**
   * Let a reasoning model think before answering (Ollama `think`; off: `think: false`). Its
   * reasoning is never said, run or kept, whatever this says.
   */
  reasoning: z.boolean().default(false),
  /** Chat lines (tellraw commands) one answer may say; the rest is cut, the last line ending "...". */
  maxAnswerLines: z.number().int().min(1).max(50).default(8),
  /** Characters of one answer kept in the history (what it said, refusal notes); the rest is cut. */
  maxHistoryChars: z.number().int().min(100).max(20_000).default(1000),
});
export type LlmSettings = z.infer<typeof LlmSettingsSchema>;

/**
 * What the NPC's model may use: `execute_command` (its <function> commands, further limited by
 * `permissions`) and the read tools it may call with <tool> (actions/tool-calls.ts).
 */
/** The widest perception radius (blocks): what -1 means. */
const MAX_PERCEPTION_RADIUS = 128;

export const NPC_TOOLS = [
  "execute_command",
  "get_online_players",
  "get_player_info",
  "get_world_info",
  "get_server_info",
  "get_nearby_mobs",
] as const;

/** The seed's queue weights by sender (player chat and proximity: player). */
const PriorityWeightsSchema = z.object({
  player: z.number().int().min(0).max(1000).default(10),
  npc: z.number().int().min(0).max(1000).default(5),
  system: z.number().int().min(0).max(1000).default(1),
});

/**
 * The seed's `permissions.accessLevel`, a ceiling over `permissions` and `tools`: "guest" talks
 * only (no command, no tool call), "readonly" may call its read tools but runs no command,
 * "trusted" does what `permissions` and `tools` say.
 */
const ACCESS_LEVELS = ["guest", "readonly", "trusted"] as const;

export const NpcDefinitionSchema = z.object({
  id: NpcIdSchema,
  /** The seed's entity type: "npc" is the only kind of character this service runs. */
  type: z.literal("npc").default("npc"),
  name: z
    .string()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z0-9 _'-]+$/, "must be letters, digits, spaces, _ ' or -"),
  /** Words it answers to besides its name (e.g. "Bob" for "Villager Bob"). */
  aliases: z.array(z.string().regex(/^[A-Za-z0-9_'-]{2,32}$/)).default([]),
  enabled: z.boolean().default(true),
  persona: z.object({
    systemPrompt: z.string().min(1).max(4000),
    personality: z.string().max(4000).default(""),
  }),
  permissions: z
    .object({
      canExecuteCommands: z.boolean().default(false),
      allowedCommands: z.array(AllowedCommandSchema).default([]),
      deniedCommands: z.array(z.string().regex(/^[a-z][a-z0-9_-]*$/)).default([]),
      /** Refused commands come back to the NPC as a system line. */
      feedbackRefusals: z.boolean().default(false),
      accessLevel: z.enum(ACCESS_LEVELS).default("trusted"),
    })
    .default({
      canExecuteCommands: false,
      allowedCommands: [],
      deniedCommands: [],
      feedbackRefusals: false,
      accessLevel: "trusted",
    }),
  perception: z
    .object({
      /**
       * Blocks: whom it hears, who hears it, whom it perceives and whom `@p` may be. -1 (the seed's
       * "unlimited") is the most allowed, MAX_PERCEPTION_RADIUS: speech is a tellraw to the players
       * within it, and an NPC heard server-wide would answer everyone.
       */
      radius: z
        .number()
        .int()
        .refine((r) => r === -1 || (r >= 1 && r <= MAX_PERCEPTION_RADIUS), {
          error: `must be 1-${MAX_PERCEPTION_RADIUS}, or -1 for ${MAX_PERCEPTION_RADIUS}`,
        })
        .transform((r) => (r === -1 ? MAX_PERCEPTION_RADIUS : r))
        .default(20),
    })
    .default({ radius: 20 }),
  llm: LlmSettingsSchema.default(LlmSettingsSchema.parse({})),
  tools: z.array(z.enum(NPC_TOOLS)).default(["execute_command", "get_online_players", "get_player_info"]),
  /** How its waiting messages are ordered: weight by sender, plus nearness and waiting time. */
  priorityWeights: PriorityWeightsSchema.default(PriorityWeightsSchema.parse({})),
  /** Read tools the model may call in one answer (<tool>); the results come back in one more round. */
  maxToolCalls: z.number().int().min(0).max(10).default(3),
  location: z.object({
    serverId: ServerIdSchema.default("default"),
    dimension: z
      .string()
      .regex(/^[a-z0-9_.-]+:[a-z0-9_./-]+$/)
      .default("minecraft:overworld"),
    x: z.number().finite(),
    y: z.number().finite(),
    z: z.number().finite(),
  }),
  entityType: z
    .string()
    .regex(/^[a-z0-9_.-]+:[a-z0-9_./-]+$/)
    .default("minecraft:villager"),
});
export type NpcDefinition = z.infer<typeof NpcDefinitionSchema>;

export const NpcFileSchema = z.object({ npcs: z.array(NpcDefinitionSchema) });
export type NpcFile = z.infer<typeof NpcFileSchema>;

/** Ids used twice, checked on the raw value so that they are listed with every other problem. */
export function duplicateIdProblems(raw: unknown): string[] {
  const npcs = (raw as { npcs?: unknown })?.npcs;
  if (!Array.isArray(npcs)) return [];
  const seen = new Map<unknown, number>();
  const problems: string[] = [];
  npcs.forEach((npc, i) => {
    const id = (npc as { id?: unknown })?.id;
    if (typeof id !== "string") return;
    const first = seen.get(id);
    if (first !== undefined) problems.push(`npcs.${i}.id: duplicate id '${id}' (also npcs.${first})`);
    else seen.set(id, i);
  });
  return problems;
}
