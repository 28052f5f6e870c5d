/**
 * Running NPCs as an admin (issue 27 §2), end to end against the devserver (real mod core), the
 * bridge and the NPC service as processes: a rename in the definitions file is merged into the
 * policy file and the NPC is summoned again under its new name (the bridge and the mod allow it);
 * an entity killed by someone else comes back by itself; no command the service sends at start
 * fails (the mod logs failed commands as errors); every command an NPC ran is in its log.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../../../shared/testing/processes.js";
import { NpcStack, SERVER_ID } from "../support/npc-stack.js";

const bob = {
  id: "bob",
  name: "Villager Bob",
  aliases: ["Bob"],
  persona: { systemPrompt: "You are a friendly merchant." },
  permissions: { canExecuteCommands: true, allowedCommands: ["give"] },
  perception: { radius: 20 },
  llm: { model: "llama3.2", timeoutMs: 5000 },
  location: { serverId: SERVER_ID, x: 3, y: 70, z: 3 },
};

describe("NPCs run by an admin: reload, presence, audit", () => {
  const stack = new NpcStack();

  /** Names of the NPC-tagged entities at Bob's spot, from the game (an admin read). */
  async function namesAtBob(): Promise<string[]> {
    const outcome = await stack.admin.run(
      SERVER_ID,
      "get_world_info",
      { x: 3, y: 70, z: 3, radius: 2 },
      { id: "e2e-admin", role: "admin" },
    );
    const entities = (outcome as { data?: { entities?: { type: string; name?: string }[] } }).data?.entities;
    return (entities ?? []).filter((e) => e.type === "minecraft:villager").map((e) => e.name ?? "");
  }

  beforeAll(async () => {
    await stack.start({
      npcs: [bob],
      npcEnv: { NPC_POLICY_MERGE: "true", NPC_PRESENCE_CHECK_MS: "300", NPC_PER_MINUTE: "6000" },
    });
    await until(async () => (await namesAtBob()).includes("Villager Bob"), "Bob placed", 30_000).catch(
      (error) => {
        throw new Error(`${error}\n${stack.npc.output()}`);
      },
    );
  }, 180_000);
  afterAll(async () => stack.stop(), 60_000);

  it("starts without a failed command (no kill of an entity that is not there)", () => {
    expect(stack.devserver.log()).not.toMatch(/\/ERROR\]/);
    expect(stack.npc.output()).not.toContain("No entity was found");
  });

  it("a rename in the file is merged into the policy, logged, and the NPC summoned again under its new name", async () => {
    writeFileSync(
      stack.npcFile,
      JSON.stringify({ npcs: [{ ...bob, name: "Bob the Second", perception: { radius: 25 } }] }),
    );
    await until(
      async () => (await namesAtBob()).includes("Bob the Second"),
      "Bob renamed in the world",
      30_000,
    );
    expect(await namesAtBob()).toEqual(["Bob the Second"]);
    const policy = JSON.parse(readFileSync(stack.policyFile, "utf8"));
    expect(JSON.stringify(policy.roles["npc:bob"].commands)).toContain("Bob the Second");
    expect(policy.roles.admin).toBeDefined(); // the rest of the policy is kept
    const applied = stack.npc
      .output()
      .split("\n")
      .filter((l) => l.includes("NPC definitions applied"))
      .at(-1);
    expect(applied).toContain('"fields":["name","perception.radius"]');
    expect(applied).toContain('"policyMerged":true');
    // and it speaks under the new name within the new radius
    stack.llm.respond = () => "<say>I have a new name.</say>";
    await stack.command("sim chat Steve Hello Bob");
    await until(
      () => stack.deliveries().includes("to Steve: <Bob the Second> I have a new name."),
      "the renamed NPC's answer",
      30_000,
    );
  });

  it("an entity killed in the game comes back by itself", async () => {
    await stack.command("kill @e[tag=npc_bob]");
    expect(await namesAtBob()).toEqual([]);
    await until(async () => (await namesAtBob()).length === 1, "Bob back in the world", 30_000);
    expect(stack.npc.output()).toContain("the NPC's entity is gone: summoning it again");
  });

  it("logs every command an NPC ran (audit), not only refusals", async () => {
    stack.llm.respond = () => "<say>Bread for you.</say><function>give Steve minecraft:bread 1</function>";
    await stack.command("sim chat Steve Bob, bread please");
    await until(
      () => /"command":"give Steve minecraft:bread 1".*"msg":"NPC command run"/.test(stack.npc.output()),
      "the audit line",
      30_000,
    );
  });
});
