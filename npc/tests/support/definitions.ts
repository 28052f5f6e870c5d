/** Test support: NPC definitions built from the real schema (defaults filled in as in a file). */
import { type NpcDefinition, NpcDefinitionSchema } from "../../src/definitions/schema.js";

export function npcDefinition(over: Record<string, unknown> = {}): NpcDefinition {
  return NpcDefinitionSchema.parse({
    id: "bob",
    name: "Villager Bob",
    aliases: ["Bob"],
    persona: { systemPrompt: "You are a friendly merchant who loves to trade." },
    permissions: {
      canExecuteCommands: true,
      allowedCommands: ["give", "particle"],
      deniedCommands: ["kill"],
    },
    location: { serverId: "default", x: 2, y: 64, z: 2 },
    ...over,
  });
}
