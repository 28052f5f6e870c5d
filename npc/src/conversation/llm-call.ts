/**
 * One LLM call for an NPC: the request from its file's settings, the global concurrency cap, the
 * metrics of the answer, and the answer read into a reply (a cut answer or a refusal logged). A
 * failure is counted and logged, never thrown: the caller gets undefined.
 */
import type { Logger } from "pino";
import type { NpcDefinition } from "../definitions/schema.js";
import type { ChatMessage, ChatRequest, ChatResult } from "../llm/backend.js";
import {
  type ParsedReply,
  parseReply,
  parseStructuredReply,
  REPLY_JSON_SCHEMA,
} from "../parser/tag-parser.js";
import type { ResponderDeps } from "./responder.js";

type LlmCallDeps = Pick<ResponderDeps, "backend" | "llmSlots" | "metrics">;

/** The request fields every call for the NPC carries, from its file. */
export function requestSettings(npc: NpcDefinition): Omit<ChatRequest, "messages"> {
  const { llm } = npc;
  return {
    model: llm.model,
    timeoutMs: llm.timeoutMs,
    retries: llm.retries,
    maxOutputTokens: llm.maxOutputTokens,
    maxTokensParam: llm.maxTokensParam,
    numCtx: llm.numCtx,
    keepAlive: llm.keepAlive,
  };
}

/**
 * One LLM call for the NPC; undefined when it failed (counted and logged, never thrown).
 * `followUp`: a later call of a turn under way (after tool results), served before new turns' calls.
 */
export async function askLlm(
  deps: LlmCallDeps,
  log: Logger,
  npc: NpcDefinition,
  messages: ChatMessage[],
  followUp = false,
): Promise<ParsedReply | undefined> {
  const { llm } = npc;
  try {
    const result = await deps.llmSlots.run(
      () =>
        deps.backend(npc).chat({
          ...requestSettings(npc),
          messages,
          temperature: llm.temperature,
          format: llm.structuredOutput ? { ...REPLY_JSON_SCHEMA } : undefined,
          reasoning: llm.reasoning,
        }),
      followUp,
    );
    deps.metrics.llmAnswers.inc({ npc: npc.id, stop: result.stopReason });
    deps.metrics.llmLatency.observe({ npc: npc.id }, result.durationMs / 1000);
    deps.metrics.llmTokens.inc({ npc: npc.id }, result.completionTokens);
    if (result.durationMs > 0)
      deps.metrics.tokensPerSecond.set({ npc: npc.id }, (result.completionTokens * 1000) / result.durationMs);
    return read(log, npc, result);
  } catch (error) {
    const code = (error as { code?: string }).code ?? "SERVER_ERROR";
    deps.metrics.llmErrors.inc({ npc: npc.id, code });
    log.warn({ code, err: (error as Error).message }, "LLM gave no answer; the NPC stays silent");
    return undefined;
  }
}

/** The reply in an answer; a cut answer or a refusal is logged (what was cut is said up to the cut). */
function read(log: Logger, npc: NpcDefinition, result: ChatResult): ParsedReply {
  if (result.stopReason === "refusal") {
    log.warn({ refusal: result.refusal }, "the model refused to answer; the NPC stays silent");
    return { thinking: [], say: [], functions: [], tools: [], silence: true, hasValidTags: false };
  }
  const truncated = result.stopReason === "length";
  const options = { truncated };
  const reply = npc.llm.structuredOutput
    ? parseStructuredReply(result.content, options)
    : parseReply(result.content, options);
  if (truncated) {
    log.warn(
      {
        completionTokens: result.completionTokens,
        maxOutputTokens: npc.llm.maxOutputTokens,
        said: reply.say.length,
      },
      "the LLM's answer was cut at its output cap (llm.maxOutputTokens) or the context size; raise it or ask the persona for shorter answers",
    );
  } else if (result.stopReason !== "stop") {
    log.warn({ stop: result.stopReason }, "the LLM's answer ended unusually");
  }
  return reply;
}
