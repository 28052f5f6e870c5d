// The connected game's release, learned by read-only probes, decides which file names are refused
// and what the refusal and its hint say. The fake game plays each release over the real WebSocket
// port; every refusal here is ours (nothing reaches the game), and the probes write nothing.
import { describe, expect, it } from "vitest";
import type { FakeGame, GameVersion } from "../../testing/fake-game.js";
import { call } from "../../testing/harness.js";
import { errorOf } from "../support/errors.js";
import { httpHarnessPerTest } from "../support/http-games.js";

const harness = httpHarnessPerTest();
const start = harness.start;
const attach = (version: GameVersion) => harness.attach({ version });

/** Frames the game got that were not probes (what our tools sent on the player's behalf). */
const toolFrames = (game: FakeGame) =>
  game.received.filter((f) => !f.includes("bitburner-mcp-version-probe"));
const hostFiles = (game: FakeGame) => [...game.servers.get("home")!.keys()];

describe("validation per connected game release", () => {
  it("2.6.0: refuses .json .ts .jsx .tsx .css writes naming 2.6.0 and the release that takes each", async () => {
    const h = await start();
    const game = await attach("2.6.0");
    const cases: [string, string][] = [
      ["data.json", "2.6.1"],
      ["main.ts", "2.7.0"],
      ["ui.jsx", "2.7.0"],
      ["ui.tsx", "2.7.0"],
      ["style.css", "3.0.0"],
    ];
    for (const [filename, needs] of cases) {
      const error = errorOf(await call(h.client, "write_file", { filename, content: "x" }));
      expect(error).toMatchObject({ code: "INVALID_ARGS", reason: "INVALID_EXTENSION" });
      expect(error.message).toBe(
        `filename '${filename}' has an extension the connected game (Bitburner 2.6.0) refuses; ` +
          `it takes .js .script .txt; ${filename.slice(filename.indexOf("."))} needs Bitburner ${needs} or newer`,
      );
      expect(error.hint).toBe(
        `The connected game is Bitburner 2.6.0. Use .js .script .txt, or update Bitburner to ${needs} or newer.`,
      );
    }
    expect(toolFrames(game).filter((f) => f.includes("pushFile"))).toEqual([]);
    expect(hostFiles(game)).toEqual([]);
    for (const filename of ["ok.js", "ok.script", "ok.txt"]) {
      expect((await call(h.client, "write_file", { filename, content: "x" })).isError).toBeFalsy();
    }
  });

  it("2.6.0: calculate_ram on a .ts file says 2.6.0 has no .ts scripts, without asking the game", async () => {
    const h = await start();
    const game = await attach("2.6.0");
    const error = errorOf(await call(h.client, "calculate_ram", { filename: "x.ts" }));
    expect(error).toMatchObject({ code: "INVALID_ARGS", reason: "NOT_A_SCRIPT" });
    expect(error.message).toBe(
      "filename 'x.ts' is not a script for the connected game (Bitburner 2.6.0), whose scripts are .js .script; " +
        ".ts needs Bitburner 2.7.0 or newer",
    );
    expect(error.hint).toBe(
      "The connected game is Bitburner 2.6.0. calculate_ram works on scripts: .js .script, or update Bitburner to 2.7.0 or newer.",
    );
    expect(toolFrames(game).filter((f) => f.includes("calculateRam"))).toEqual([]);
  });

  it("2.6.1: takes .json, still refuses .ts naming the range 2.6.1 to 2.7.0", async () => {
    const h = await start();
    const game = await attach("2.6.1");
    expect((await call(h.client, "write_file", { filename: "d.json", content: "{}" })).isError).toBeFalsy();
    expect(game.file("d.json")).toBe("{}");
    const error = errorOf(await call(h.client, "read_file", { filename: "a.ts" }));
    expect(error.message).toContain(
      "(Bitburner 2.6.1 or newer, older than 2.7.0) refuses; it takes .js .script .txt .json",
    );
  });

  it("2.8: takes .ts .tsx .jsx scripts and calculates their RAM; refuses .css; metadata tools say UNSUPPORTED with the version", async () => {
    const h = await start();
    const game = await attach("2.8");
    for (const filename of ["a.ts", "b.tsx", "c.jsx"]) {
      expect((await call(h.client, "write_file", { filename, content: "ns.hack()" })).isError).toBeFalsy();
      const ram = (await call(h.client, "calculate_ram", { filename })).structuredContent;
      expect(ram?.ramGb).toBeCloseTo(1.7);
    }
    const css = errorOf(await call(h.client, "write_file", { filename: "s.css", content: "x" }));
    expect(css.message).toContain("(Bitburner 2.7.0 or newer, older than 3.0.0) refuses");
    expect(css.hint).toContain("update Bitburner to 3.0.0 or newer");
    const metadata = errorOf(await call(h.client, "get_all_file_metadata"));
    expect(metadata).toMatchObject({ code: "UNSUPPORTED", reason: "UNKNOWN_METHOD" });
    expect(metadata.message).toBe(
      "The connected game (Bitburner 2.7.0 or newer, older than 3.0.0) has no getAllFileMetadata in its Remote API; it came with 3.0.0",
    );
    expect(toolFrames(game).filter((f) => f.includes("Metadata"))).toEqual([]);
  });

  it("3.0: takes .css and serves file metadata", async () => {
    const h = await start();
    const game = await attach("3.0");
    expect((await call(h.client, "write_file", { filename: "s.css", content: "a{}" })).isError).toBeFalsy();
    expect(game.file("s.css")).toBe("a{}");
    expect(
      (await call(h.client, "get_file_metadata", { filename: "s.css" })).structuredContent,
    ).toMatchObject({
      metadata: { filename: "s.css" },
    });
  });
});

describe("the probe", () => {
  it("is read-only, sent once per connection, and runs again when another release connects", async () => {
    const h = await start();
    const old = await attach("2.6.0");
    await call(h.client, "read_file", { filename: "a.js" });
    await call(h.client, "read_file", { filename: "b.js" });
    const probes = old.received.filter((f) => f.includes("bitburner-mcp-version-probe"));
    expect(probes).toHaveLength(4);
    for (const frame of probes) expect(["getFile", "getFileMetadata"]).toContain(JSON.parse(frame).method);
    expect(hostFiles(old)).toEqual([]);
    const newer = await attach("3.0");
    expect((await call(h.client, "write_file", { filename: "n.ts", content: "x" })).isError).toBeFalsy();
    expect(newer.received.filter((f) => f.includes("bitburner-mcp-version-probe"))).toHaveLength(4);
    expect(hostFiles(newer)).toEqual(["n.ts"]);
  });

  it("a name no release takes, or a bad server, is refused without probing", async () => {
    const h = await start();
    const game = await attach("3.0");
    const exe = errorOf(await call(h.client, "write_file", { filename: "x.exe", content: "x" }));
    expect(exe.message).toContain("has an extension the Remote API cannot handle");
    expect(exe.hint).toBe(
      "No Bitburner release takes that through the Remote API; use .js .script .jsx .ts .tsx .txt .json .css.",
    );
    expect(errorOf(await call(h.client, "get_all_file_metadata", { server: "a b" })).code).toBe(
      "INVALID_ARGS",
    );
    expect(game.received).toEqual([]);
  });
});
