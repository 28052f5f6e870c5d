/**
 * Issue 28, item 4: `./scripts/sim` with a verb the devserver does not know lists the verbs instead
 * of passing on the devserver's "Incorrect argument for command ... <--[HERE]". The verb list in the
 * script is the devserver's own list of `sim` literals (read from its source, so the two cannot drift).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url);
const sim = fileURLToPath(new URL("scripts/sim", root));

function devserverVerbs(): string[] {
  const source = readFileSync(
    new URL("mod/devserver/src/main/java/dev/mcpbridge/devserver/command/SimCommand.java", root),
    "utf8",
  );
  const call = /Args\.literal\(ctx, r, ([^)]*)\)/.exec(source);
  if (!call) throw new Error("SimCommand no longer lists its verbs with Args.literal");
  return [...(call[1] ?? "").matchAll(/"([a-z]+)"/g)].map((m) => m[1] ?? "").sort();
}

describe("scripts/sim verbs", () => {
  it("knows exactly the devserver's sim verbs", () => {
    const script = readFileSync(sim, "utf8");
    const verbs = /^SIM_VERBS="([^"]*)"/m.exec(script)?.[1]?.split(" ").sort();
    expect(verbs).toEqual(devserverVerbs());
  });

  it("answers an unknown verb with the list of verbs and a non-zero exit, before looking for the devserver", () => {
    const run = spawnSync(sim, ["dance", "Steve"], { encoding: "utf8" });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("unknown sim verb 'dance'");
    for (const verb of devserverVerbs()) expect(run.stderr).toContain(verb);
    expect(run.stderr).not.toContain("<--[HERE]");
  });
});
