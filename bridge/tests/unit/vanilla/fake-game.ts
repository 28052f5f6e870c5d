/**
 * A scripted vanilla server for unit tests: answers the commands vanilla mode sends with the
 * en_us texts of Minecraft 1.21 (the PEER of the unit under test). Records every command.
 */
import type { CommandRunner } from "../../../src/vanilla/operations.js";

export interface FakePlayer {
  name: string;
  dimension: string;
  snbt: string;
}

export class FakeGame implements CommandRunner {
  readonly sent: string[] = [];
  players: FakePlayer[] = [];
  max = 20;
  daytime = 6000;
  /** 26.1+: no `time query daytime`; `time query day` answers with the day timeline. */
  dayTimeline = false;
  raining = false;
  thundering = false;
  tickText =
    "The game is running normallyTarget tick rate: 20.0 per second.\nAverage time per tick: 12.5ms (Target: 50.0ms)";

  async command(text: string): Promise<string> {
    this.sent.push(text);
    for (const [pattern, answer] of this.routes) {
      const match = pattern.exec(text);
      if (match) return answer(match.slice(1) as string[]);
    }
    return `Unknown or incomplete command, see below for error${text}<--[HERE]`;
  }

  private refused(text: string): string {
    return `Incorrect argument for command...${text.slice(-10)}<--[HERE]`;
  }

  private find(name: string): FakePlayer | undefined {
    return this.players.find((p) => p.name.toLowerCase() === name.toLowerCase());
  }

  private readonly routes: [RegExp, (m: string[]) => string][] = [
    [
      /^list$/,
      () =>
        `There are ${this.players.length} of a max of ${this.max} players online: ${this.players.map((p) => p.name).join(", ")}`,
    ],
    [
      /^time query daytime$/,
      () => (this.dayTimeline ? this.refused("time query daytime") : `The time is ${this.daytime}`),
    ],
    [
      /^time query day$/,
      () =>
        this.dayTimeline
          ? `Timeline minecraft:day is at ${this.daytime} tick(s)`
          : `The time is ${Math.floor(this.daytime / 24000)}`,
    ],
    [/^tick query$/, () => this.tickText],
    [
      /^execute if predicate \{condition:"minecraft:weather_check",(raining|thundering):true\}$/,
      ([kind]) => ((kind === "raining" ? this.raining : this.thundering) ? "Test passed" : "Test failed"),
    ],
    [
      /^data get entity (\S+)( Dimension)?$/,
      ([name, path]) => {
        const player = this.find(name!);
        if (!player) return "No entity was found";
        return `${player.name} has the following entity data: ${path ? `"${player.dimension}"` : player.snbt}`;
      },
    ],
    [
      /^execute in (\S+) run tp (\S+) (\S+) (\S+) (\S+)$/,
      ([dimension, name, x, y, z]) => {
        if (!/^minecraft:(overworld|the_nether|the_end)$/.test(dimension!)) {
          return `Unknown dimension '${dimension}'...${dimension}<--[HERE]`;
        }
        const player = this.find(name!);
        if (!player) return "No entity was found";
        player.dimension = dimension!;
        return `Teleported ${player.name} to ${x}, ${y}, ${z}`;
      },
    ],
    [
      /^give (\S+) (\S+) (\d+)$/,
      ([name, item, count]) => {
        const player = this.find(name!);
        if (!player) return "No player was found";
        if (item === "minecraft:nope") return `Unknown item '${item}'...${item}<--[HERE]`;
        return `Gave ${count} [Thing] to ${player.name}`;
      },
    ],
    [
      /^tellraw (\S+) (.*)$/s,
      ([target, json]) => {
        if (target !== "@a" && !this.find(target!)) return "No player was found";
        JSON.parse(json!);
        return "";
      },
    ],
    [/^say /, () => ""],
  ];
}

export function steveSnbt(): string {
  return (
    '{Health: 17.5f, foodLevel: 18, Pos: [10.5d, 64.0d, -3.25d], Dimension: "minecraft:overworld", ' +
    'playerGameType: 1, UUID: [I; -1, 2, 3, -4], Inventory: [{Slot: 0b, id: "minecraft:stone", count: 64}, ' +
    '{Slot: 1b, id: "minecraft:diamond_sword", count: 1, components: {"minecraft:damage": 3}}], ' +
    "CustomName: 'it\\'s \"me\"', Air: 300s, Motion: [0.0d, -0.0784000015258789d, 0.0d]}"
  );
}
