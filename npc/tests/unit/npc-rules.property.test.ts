/**
 * Issue 25 item 5: an NPC whose actions allow `give`, `particle` and `effect` gets the same
 * operator-item and bounds rules as typed tools and raw commands (shared game-rules.ts): operator
 * items never reach the queue, nor counts, durations or amplifiers past their bounds.
 */
// Feature: minecraft-mcp-bridge, Property 25.5: NPC actions obey the operator-item and bounds rules
import { readFileSync } from "node:fs";
import { BOUNDS, createLogger, OPERATOR_ITEMS } from "@mcp-bridge/shared";
import { ITEM_IDS } from "@mcp-bridge/shared/game";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ActionExecutor, type JobRunner } from "../../src/actions/executor.js";
import { npcDefinition } from "../support/definitions.js";

const vector = JSON.parse(
  readFileSync(
    new URL("../../../shared/vectors/security/operator-items-bounds.json", import.meta.url),
    "utf8",
  ),
) as { commands: { command: string; verdict: string | null }[] };

/** Records what would be queued; every queued job succeeds. */
function recordingRunner() {
  const sent: string[] = [];
  const runner: JobRunner = {
    async run(_server, _op, args, _client, _timeout, requestId) {
      sent.push(String((args as { command: string }).command));
      return { status: "completed", jobId: String(requestId ?? "x"), data: { output: "" } };
    },
  };
  return { runner, sent };
}

const npc = npcDefinition({
  permissions: {
    canExecuteCommands: true,
    allowedCommands: ["give", "particle", "effect"],
    deniedCommands: [],
  },
});
const logger = createLogger({ name: "npc-rules", level: "silent" });

async function queued(command: string): Promise<boolean> {
  const q = recordingRunner();
  const [result] = await new ActionExecutor(q.runner, logger).functions(npc, [command], "k");
  return result!.ok && q.sent.includes(command);
}

describe("NPC actions: operator items and bounds", () => {
  it.each(
    vector.commands.filter((c) => /^(give|particle|effect) /.test(c.command) && !/[{["]/.test(c.command)),
  )("'$command' -> $verdict", async ({ command, verdict }) => {
    expect(await queued(command)).toBe(verdict === null);
  });

  it("gives no operator item and no count past the bound, whatever the LLM writes", async () => {
    const item = fc.oneof(fc.constantFrom(...OPERATOR_ITEMS), fc.constantFrom(...ITEM_IDS));
    await fc.assert(
      fc.asyncProperty(
        item,
        fc.boolean(),
        fc.integer({ min: 1, max: 3 * BOUNDS.itemCount }),
        async (id, ns, n) => {
          const allowed = !OPERATOR_ITEMS.has(id) && n <= BOUNDS.itemCount;
          expect(await queued(`give Steve ${ns ? "minecraft:" : ""}${id} ${n}`)).toBe(allowed);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("sends no particle count past the bound", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 5_000_000 }), async (n) => {
        expect(await queued(`particle minecraft:flame ~ ~ ~ 10 10 10 1 ${n} force`)).toBe(
          n <= BOUNDS.particleCount,
        );
      }),
      { numRuns: 100 },
    );
  });
});
