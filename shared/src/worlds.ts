/**
 * The one world-name rule (mod/core Worlds.normalize is the same rule; both read
 * shared/vectors/game/world-names.json): a world or dimension name in, a dimension id out.
 * Lowercased and trimmed; a namespaced id stays as it is; vanilla's and Bukkit's names of the three
 * vanilla dimensions (`world`, `overworld`, `world_nether`, `the_nether`, `nether`, `world_the_end`,
 * `the_end`, `end`, and Bukkit's `<level>_nether` / `<level>_the_end`) become their ids; any other
 * bare name gets the `minecraft:` namespace.
 */
export const OVERWORLD = "minecraft:overworld";
export const THE_NETHER = "minecraft:the_nether";
export const THE_END = "minecraft:the_end";

const ALIASES: Readonly<Record<string, string>> = {
  world: OVERWORLD,
  overworld: OVERWORLD,
  world_nether: THE_NETHER,
  the_nether: THE_NETHER,
  nether: THE_NETHER,
  world_the_end: THE_END,
  the_end: THE_END,
  end: THE_END,
};

export function canonicalWorld(name: string): string {
  const n = name.trim().toLowerCase();
  if (n.includes(":")) return n;
  const alias = ALIASES[n];
  if (alias) return alias;
  if (n.endsWith("_nether")) return THE_NETHER;
  if (n.endsWith("_the_end")) return THE_END;
  return `minecraft:${n}`;
}
