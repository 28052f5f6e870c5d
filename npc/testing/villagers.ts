/**
 * NPC file entries for tests and benchmarks with many NPCs: `npc<i>` named `Npc<i>`, a plain villager
 * each, standing at spot(i) on one server (spots far enough apart that nobody hears two NPCs).
 */
export function villagers(
  count: number,
  serverId: string,
  spot: (i: number) => { x: number; y: number; z: number },
) {
  return Array.from({ length: count }, (_, i) => ({
    id: `npc${i}`,
    name: `Npc${i}`,
    persona: { systemPrompt: "A villager." },
    perception: { radius: 8 },
    location: { serverId, ...spot(i) },
  }));
}
