import { describe, expect, it } from "vitest";
import { runVanilla } from "../../../src/vanilla/operations.js";
import type { ServerProfile } from "../../../src/vanilla/server-profile.js";
import { FakeGame, steveSnbt } from "./fake-game.js";

/** A Paper server: keeps vanilla's commands under minecraft: (the fake answers them as vanilla). */
class PaperGame extends FakeGame {
  readonly asked: string[] = [];
  override async command(text: string): Promise<string> {
    this.asked.push(text);
    return super.command(text.replace(/(^|run )minecraft:/g, "$1"));
  }
}

const paper: ServerProfile = { version: "1.21.4", brand: "paper", source: "test" };

function game(): PaperGame {
  const g = new PaperGame();
  g.players = [{ name: "Steve", dimension: "minecraft:overworld", snbt: steveSnbt() }];
  return g;
}

describe("vanilla mode on a Bukkit server", () => {
  it("names vanilla's commands under minecraft:, also after execute ... run, and list plainly", async () => {
    const g = game();
    const ctx = { serverVersion: async () => "Paper 1.21.4", profile: async () => paper };
    await runVanilla("teleport_player", { player: "Steve", x: 1, y: 64, z: 2, world: "world" }, g, ctx);
    await runVanilla("give_item", { player: "Steve", item: "stone", quantity: 1 }, g, ctx);
    await runVanilla("get_player_info", { player: "Steve" }, g, ctx);
    await runVanilla("send_message", { message: "hi" }, g, ctx);
    await runVanilla("get_server_info", {}, g, ctx);
    const plain = g.asked.filter((c) => !c.startsWith("minecraft:"));
    expect(plain.every((c) => c === "list")).toBe(true);
    expect(g.asked).toContain(
      "minecraft:execute in minecraft:overworld run minecraft:tp Steve 1.000000 64.000000 2.000000",
    );
  });

  it("without a status answer, get_server_info reports the version the version command gave", async () => {
    const ctx = {
      serverVersion: () => Promise.reject(new Error("status port closed")),
      profile: async () => paper,
    };
    expect((await runVanilla("get_server_info", {}, game(), ctx)).version).toBe("Paper 1.21.4");
  });
});
