import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deathWordings, matchDeath } from "../../../src/logtail/death-messages.js";
import { LogLineParser } from "../../../src/logtail/parse-line.js";

const name = fc.stringMatching(/^[A-Za-z0-9_]{3,16}$/);
const mob = fc.constantFrom("Zombie", "Cave Spider", "Wither Skeleton", "Ender Dragon", "Pillager", "Bee");
const killer = fc.oneof(name, mob);
const weapon = fc.stringMatching(/^[A-Za-z][A-Za-z' ]{0,20}$/).map((w) => `[${w.trim() || "Sword"}]`);
const wordings = deathWordings();

const render = (template: string, victim: string, k: string, w: string) =>
  template.replaceAll("%1$s", victim).replaceAll("%2$s", k).replaceAll("%3$s", w);

describe("death templates", () => {
  it("knows every death.* key of en_us (1.19 to 1.21.11), each starting with the victim", () => {
    expect(wordings.length).toBeGreaterThanOrEqual(120);
    for (const { template } of wordings) expect(template.startsWith("%1$s ")).toBe(true);
  });

  // Feature: minecraft-mcp-bridge, Property 1: Event notification completeness (every death.* template of the log round-trips)
  it("round-trips every template with random victims, killers and weapons", () => {
    const parser = new LogLineParser();
    fc.assert(
      fc.property(fc.constantFrom(...wordings), name, killer, weapon, ({ template, keys }, victim, k, w) => {
        const message = render(template, victim, k, w);
        const match = matchDeath(message);
        expect(match, message).toBeDefined();
        expect(match!.player).toBe(victim);
        // Identical wordings (mob/player) are one match; its keys include the template's.
        expect(match!.keys).toEqual(expect.arrayContaining([...keys]));
        if (template.includes("%2$s")) expect(match!.killer).toBe(k);
        if (template.includes("%3$s")) expect(match!.weapon).toBe(w);
        const parsed = parser.parse(`[10:11:12] [Server thread/INFO]: ${message}`);
        expect(parsed.kind === "event" && parsed.type).toBe("player_death");
      }),
      { numRuns: 1000 },
    );
  });
});
