/**
 * An NPC's speech and commands wait for its placement (kill, then summon): a tellraw run `at` an
 * entity that is gone reaches nobody, so an answer sent between the kill and the summon would be
 * lost (after a takeover the replayed batch is often ready before the placement). The queue is
 * played by a job runner that records the order in which jobs were sent and holds the ones a test
 * chooses until it releases them.
 */
import { createLogger } from "@mcp-bridge/shared";
import { describe, expect, it } from "vitest";
import { ActionExecutor, type JobRunner } from "../../src/actions/executor.js";
import { npcDefinition } from "../support/definitions.js";

/** The command's verb, after `execute ... run` for a chain. */
const verb = (command: string): string => command.split(" run ").at(-1)!.split(" ")[0]!;

function heldRunner(hold: (command: string) => boolean) {
  const sent: string[] = [];
  const held: (() => void)[] = [];
  const runner: JobRunner = {
    async run(_server, _op, args, _client, _timeout, requestId) {
      const command = String((args as { command: string }).command);
      sent.push(verb(command));
      if (hold(command)) await new Promise<void>((release) => held.push(release));
      return { status: "completed", jobId: String(requestId ?? "x"), data: { output: "" } };
    },
  };
  const releaseAll = () => {
    for (const release of held.splice(0)) release();
  };
  return { runner, sent, releaseAll };
}

const logger = createLogger({ name: "placement", level: "silent" });
const tick = () => new Promise((r) => setTimeout(r, 20));

describe("ActionExecutor placement", () => {
  it("sends speech only after the summon is answered, even when the speech comes first", async () => {
    const npc = npcDefinition();
    const q = heldRunner((c) => c.startsWith("kill ") || c.startsWith("summon "));
    const executor = new ActionExecutor(q.runner, logger);
    const placed = executor.summon(npc);
    const said = executor.say(npc, "hello", "k1");
    await tick();
    expect(q.sent).toEqual(["kill"]); // the tellraw waits
    q.releaseAll();
    await tick();
    expect(q.sent).toEqual(["kill", "summon"]);
    q.releaseAll();
    await Promise.all([placed, said]);
    expect(q.sent).toEqual(["kill", "summon", "tellraw"]);
  });

  it("runs the NPC's commands after its placement too, and another NPC's speech does not wait", async () => {
    const bob = npcDefinition();
    const alice = npcDefinition({ id: "alice", name: "Alice", aliases: [] });
    const q = heldRunner((c) => c.startsWith("kill @e[tag=npc_bob]"));
    const executor = new ActionExecutor(q.runner, logger);
    const placed = executor.summon(bob);
    const acted = executor.functions(bob, ["give Steve minecraft:bread 1"], "k2");
    await executor.say(alice, "hi", "k3");
    expect(q.sent).toEqual(["kill", "tellraw"]);
    q.releaseAll();
    await Promise.all([placed, acted]);
    expect(q.sent).toEqual(["kill", "tellraw", "summon", "give"]);
  });

  it("places twice in order when a re-placement starts while one is running", async () => {
    const npc = npcDefinition();
    const q = heldRunner((c) => c.startsWith("summon "));
    const executor = new ActionExecutor(q.runner, logger);
    const first = executor.summon(npc);
    const second = executor.summon(npc);
    const said = executor.say(npc, "hello", "k4");
    await tick();
    expect(q.sent).toEqual(["kill", "summon"]);
    q.releaseAll();
    await tick();
    expect(q.sent).toEqual(["kill", "summon", "kill", "summon"]);
    q.releaseAll();
    await Promise.all([first, second, said]);
    expect(q.sent).toEqual(["kill", "summon", "kill", "summon", "tellraw"]);
  });
});
