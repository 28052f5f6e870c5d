/**
 * Whether the LLM servers the NPCs use are ready: each answers its health probe (Ollama GET
 * /api/version, OpenAI-compatible GET /v1/models) and has the NPC's model (Ollama GET /api/tags).
 * The service checks in the background until they are, so an LLM that starts after it (llama.cpp
 * answers 503 "Loading model" while it loads a model; Ollama may start later) turns the NPCs on
 * without a restart. `minecraft-npc check` runs the same check once.
 */
import type { Logger } from "pino";
import type { NpcDefinition } from "../definitions/schema.js";
import type { LlmBackend } from "./backend.js";

/** What keeps the NPCs from answering, one line per NPC and cause; empty when ready. */
export async function llmProblems(
  npcs: readonly NpcDefinition[],
  backendFor: (npc: NpcDefinition) => LlmBackend,
): Promise<string[]> {
  const problems = new Set<string>();
  const checked = new Map<LlmBackend, Promise<string | undefined>>();
  for (const npc of npcs) {
    if (!npc.llm.enabled) continue; // no LLM answers for it: nothing to wait for
    const backend = backendFor(npc);
    let health = checked.get(backend);
    if (!health) {
      health = backend.health().then((h) => (h.ok ? undefined : h.detail));
      checked.set(backend, health);
    }
    const down = await health;
    if (down) problems.add(`${npc.id}: ${down}`);
    else await backend.checkModel(npc.llm.model).catch((e: Error) => problems.add(`${npc.id}: ${e.message}`));
  }
  return [...problems];
}

export interface LlmWaitOptions {
  problems: () => Promise<string[]>;
  onReady: () => Promise<void>;
  logger: Logger;
  /** Longest pause between two checks (ms); the first pauses are shorter. */
  maxDelayMs: number;
}

/** Checks until the LLM is ready, then calls onReady once. Logs each new reason for waiting. */
export class LlmWait {
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private said = "";
  private delayMs: number;
  /** Settles when onReady has run (or the wait was closed). */
  readonly done: Promise<void>;
  private finish: () => void = () => undefined;

  constructor(private readonly options: LlmWaitOptions) {
    this.delayMs = Math.min(1000, options.maxDelayMs);
    this.done = new Promise((resolve) => {
      this.finish = resolve;
    });
  }

  /** Checks now; true when ready (onReady has run). */
  async check(): Promise<boolean> {
    const problems = await this.options.problems().catch((e: Error) => [e.message]);
    if (this.closed) return false;
    if (problems.length === 0) {
      await this.options.onReady();
      this.finish();
      return true;
    }
    const why = problems.join("; ");
    if (why !== this.said) {
      this.said = why;
      this.options.logger.warn(
        { problems },
        "NPCs are off until the LLM is ready; checking in the background, they turn on by themselves",
      );
    }
    this.timer = setTimeout(() => void this.check(), this.delayMs);
    this.delayMs = Math.min(this.delayMs * 2, this.options.maxDelayMs);
    return false;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.finish();
  }
}
