/**
 * Everything an NPC does in the world, as signed jobs for its own policy client `npc:<id>`.
 * In: speech lines and <function> blocks. Out: `execute_command` jobs (tellraw built by
 * world/minecraft-commands.ts; commands only after the NPC's own patterns and the operator-item and
 * bounds rules (shared game-rules.ts) allow them, and the
 * bridge checks its policy again). Job ids are derived from the message being answered, so a
 * reply replayed after a crash is the same job and BullMQ runs it once.
 */
import { createHash } from "node:crypto";
import {
  BridgeError,
  type ClientIdentity,
  type CommandGate,
  commandRuleProblem,
  displayCommand,
  type Policy,
} from "@mcp-bridge/shared";
import type { JobClient } from "@mcp-bridge/shared/queue";
import type { Logger } from "pino";
import { functionGate, npcClientId } from "../definitions/command-patterns.js";
import type { NpcDefinition } from "../definitions/schema.js";
import { parseFunction } from "../parser/tag-parser.js";
import { killCommand, speechCommands, summonCommand } from "../world/minecraft-commands.js";
import { type Nearby, resolveNearest } from "../world/nearest-player.js";
import { type CheckedCall, showResult } from "./tool-calls.js";

export type JobRunner = Pick<JobClient, "run">;

export interface CommandResult {
  command: string;
  ok: boolean;
  /** Why it was refused or failed (protocol code and message). */
  error?: { code: string; message: string };
  output?: string;
}

/** A stable UUID-shaped id for the `index`-th action answering `key`. */
export function actionId(key: string, index: number): string {
  const h = createHash("sha256").update(`${key}#${index}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export class ActionExecutor {
  private readonly gates = new WeakMap<NpcDefinition, CommandGate>();
  /** NPC id -> its placement in progress (kill, then summon); its actions wait for it. */
  private readonly placing = new Map<string, Promise<CommandResult>>();

  constructor(
    private readonly jobs: JobRunner,
    private readonly logger: Logger,
    private readonly timeoutMs = 10_000,
    /** The nearest player to the NPC (the tracker's positions), which `@p` stands for. */
    private readonly nearest: (npc: NpcDefinition) => Nearby | undefined = () => undefined,
  ) {}

  clientOf(npc: NpcDefinition): ClientIdentity {
    const id = npcClientId(npc);
    return { id, role: id };
  }

  /**
   * Sends the text (sanitised, split so each command fits the default length limit) as tellraw to
   * the players within the NPC's radius.
   */
  async say(npc: NpcDefinition, text: string, key: string): Promise<CommandResult[]> {
    await this.placed(npc);
    const results: CommandResult[] = [];
    for (const [i, command] of speechCommands(npc, text).entries()) {
      results.push(await this.send(npc, command, actionId(`${key}:say`, i)));
    }
    for (const r of results.filter((r) => !r.ok)) {
      this.logger.warn({ npc: npc.id, command: r.command, error: r.error }, "NPC speech not delivered");
    }
    return results;
  }

  /** Runs <function> blocks the NPC's patterns allow; the others are refused here and logged. */
  async functions(npc: NpcDefinition, blocks: string[], key: string): Promise<CommandResult[]> {
    await this.placed(npc);
    const results: CommandResult[] = [];
    for (const [i, block] of blocks.entries()) {
      const call = parseFunction(block);
      if (call.type === "invalid") {
        results.push({ command: block, ok: false, error: { code: "INVALID_COMMAND", message: call.reason } });
        continue;
      }
      // `@p` becomes a name first, so the gate and the bridge check the command that will run.
      const resolved = resolveNearest(call.command, npc, () => this.nearest(npc));
      if (!resolved.ok) {
        results.push({
          command: displayCommand(call.command),
          ok: false,
          error: {
            code: "PLAYER_NOT_FOUND",
            message: `'${displayCommand(call.command)}' is refused: ${resolved.reason}`,
          },
        });
        continue;
      }
      const verdict = this.gate(npc).verdict(resolved.command);
      if (!verdict.allowed) {
        results.push({
          command: verdict.display,
          ok: false,
          error: {
            code: verdict.code,
            message:
              verdict.kind === "not_allowed"
                ? `'${verdict.display}' is not in ${npc.name}'s allowed commands`
                : `'${verdict.display}' is refused: ${verdict.why}`,
          },
        });
        continue;
      }
      // The operator-item and bounds rules, as the policy applies them (the bridge checks again).
      const rule = commandRuleProblem(verdict.command);
      if (rule) {
        const display = displayCommand(verdict.command);
        results.push({
          command: display,
          ok: false,
          error: {
            code: rule.kind === "bound" ? "INVALID_ARGS" : "PERMISSION_DENIED",
            message: `'${display}' is refused: ${rule.why}`,
          },
        });
        continue;
      }
      results.push(await this.send(npc, verdict.command, actionId(`${key}:fn`, i)));
    }
    // The audit trail: every command the LLM had run, and every one refused.
    for (const r of results) {
      if (r.ok) this.logger.info({ npc: npc.id, command: r.command, output: r.output }, "NPC command run");
      else this.logger.warn({ npc: npc.id, command: r.command, error: r.error }, "NPC command refused");
    }
    return results;
  }

  /**
   * Runs the model's checked tool calls as read jobs for the NPC's client (the bridge checks the
   * role again), after the policy's own check when this process has the policy file. Each result
   * or refusal is a line for the model.
   */
  async read(npc: NpcDefinition, calls: CheckedCall[], policy?: Policy): Promise<string[]> {
    const client = this.clientOf(npc);
    return Promise.all(
      calls.map(async (call) => {
        if (!call.ok) return `${call.shown}: refused (${call.code}): ${call.message}`;
        try {
          policy?.authorize(client, call.tool, call.args);
          const outcome = await this.jobs.run(
            npc.location.serverId,
            call.tool,
            call.args as never,
            client,
            this.timeoutMs,
          );
          if (outcome.status === "pending") return `${call.shown}: no answer in time (TIMEOUT)`;
          return `${call.shown}: ${showResult(call.tool, outcome.data)}`;
        } catch (error) {
          const e = BridgeError.from(error);
          this.logger.info({ npc: npc.id, tool: call.tool, code: e.code }, "NPC tool call refused or failed");
          return `${call.shown}: refused (${e.code}): ${e.message}`;
        }
      }),
    );
  }

  /**
   * Removes any old copy of the NPC's entity unless the caller knows there is none (a kill that
   * finds nothing is a failed command: vanilla answers "No entity was found"), then summons it where the definition says. Until the summon is answered
   * the NPC has no entity (or an old one about to go), so its speech and commands wait for it:
   * a tellraw run `at` a missing entity reaches nobody, and the answer would be lost (after a
   * takeover the replayed batch is often ready before the placement is).
   */
  summon(npc: NpcDefinition, removeOld = true): Promise<CommandResult> {
    const placing = this.placed(npc).then(async () => {
      if (removeOld) await this.dismiss(npc);
      return this.send(npc, summonCommand(npc));
    });
    this.placing.set(npc.id, placing);
    void placing.finally(() => {
      if (this.placing.get(npc.id) === placing) this.placing.delete(npc.id);
    });
    return placing;
  }

  /** Resolves once no placement of the NPC is in progress (placements never reject: send does not). */
  private async placed(npc: NpcDefinition): Promise<void> {
    await this.placing.get(npc.id);
  }

  async dismiss(npc: NpcDefinition): Promise<CommandResult> {
    return this.send(npc, killCommand(npc));
  }

  private gate(npc: NpcDefinition): CommandGate {
    let gate = this.gates.get(npc);
    if (!gate) {
      gate = functionGate(npc);
      this.gates.set(npc, gate);
    }
    return gate;
  }

  private async send(npc: NpcDefinition, command: string, requestId?: string): Promise<CommandResult> {
    try {
      const outcome = await this.jobs.run(
        npc.location.serverId,
        "execute_command",
        { command },
        this.clientOf(npc),
        this.timeoutMs,
        requestId,
      );
      if (outcome.status === "pending") {
        return {
          command,
          ok: false,
          error: { code: "TIMEOUT", message: `job ${outcome.jobId} still ${outcome.state}` },
        };
      }
      const output = (outcome.data as { output?: unknown } | undefined)?.output;
      return { command, ok: true, output: typeof output === "string" ? output : undefined };
    } catch (error) {
      const e = BridgeError.from(error);
      return { command, ok: false, error: { code: e.code, message: e.message } };
    }
  }
}
