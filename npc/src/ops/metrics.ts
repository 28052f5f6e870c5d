/** The NPC service's Prometheus metrics, on a private prom-client Registry. */
import { Counter, Gauge, Histogram, Registry } from "prom-client";

export interface NpcMetrics {
  registry: Registry;
  /** Events and NPC lines read from the streams. */
  ingested: Counter<"source">;
  /** Messages that entered an NPC's queue. */
  enqueued: Counter<"npc" | "kind">;
  /** Messages not answered, by reason (queue_full, npc_rate_limited, llm_failed, unknown_position, ...). */
  dropped: Counter<"npc" | "reason">;
  /** LLM answers by why they ended: stop, length (cut by the output cap), refusal, content_filter, ... */
  llmAnswers: Counter<"npc" | "stop">;
  queueDepth: Gauge<"npc">;
  llmLatency: Histogram<"npc">;
  llmErrors: Counter<"npc" | "code">;
  llmTokens: Counter<"npc">;
  tokensPerSecond: Gauge<"npc">;
  /** <function> commands by outcome (ok, refused). */
  commands: Counter<"npc" | "outcome">;
  /** The model's <tool> calls by outcome (run, refused before queuing). */
  toolCalls: Counter<"npc" | "outcome">;
}

export function createMetrics(): NpcMetrics {
  const registry = new Registry();
  const buckets = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60];
  return {
    registry,
    ingested: new Counter({
      name: "npc_ingested_total",
      help: "Stream entries read",
      labelNames: ["source"],
      registers: [registry],
    }),
    enqueued: new Counter({
      name: "npc_messages_enqueued_total",
      help: "Messages queued for an NPC",
      labelNames: ["npc", "kind"],
      registers: [registry],
    }),
    dropped: new Counter({
      name: "npc_messages_dropped_total",
      help: "Messages not answered, by reason",
      labelNames: ["npc", "reason"],
      registers: [registry],
    }),
    llmAnswers: new Counter({
      name: "npc_llm_answers_total",
      help: "LLM answers by stop reason (stop; length: cut by llm.maxOutputTokens; refusal; ...)",
      labelNames: ["npc", "stop"],
      registers: [registry],
    }),
    queueDepth: new Gauge({
      name: "npc_queue_depth",
      help: "Messages waiting per NPC",
      labelNames: ["npc"],
      registers: [registry],
    }),
    llmLatency: new Histogram({
      name: "npc_llm_latency_seconds",
      help: "LLM answer time",
      labelNames: ["npc"],
      buckets,
      registers: [registry],
    }),
    llmErrors: new Counter({
      name: "npc_llm_errors_total",
      help: "LLM failures by code",
      labelNames: ["npc", "code"],
      registers: [registry],
    }),
    llmTokens: new Counter({
      name: "npc_llm_completion_tokens_total",
      help: "Tokens generated",
      labelNames: ["npc"],
      registers: [registry],
    }),
    tokensPerSecond: new Gauge({
      name: "npc_llm_tokens_per_second",
      help: "Generation speed of the last answer",
      labelNames: ["npc"],
      registers: [registry],
    }),
    commands: new Counter({
      name: "npc_commands_total",
      help: "<function> commands by outcome",
      labelNames: ["npc", "outcome"],
      registers: [registry],
    }),
    toolCalls: new Counter({
      name: "npc_tool_calls_total",
      help: "The model's <tool> calls by outcome (run: queued as a read job; refused: before queuing)",
      labelNames: ["npc", "outcome"],
      registers: [registry],
    }),
  };
}
