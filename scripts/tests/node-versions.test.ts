/**
 * Issue 31: the supported Node.js lines are 24 (the target) and 22. Every place that names a Node
 * version says the same: the packages' `engines`, the Nodes the scripts pin (scripts/lib/node.sh),
 * .nvmrc and the deploy image. Read from the files themselves, so they cannot drift apart.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");
const ENGINES = ">=22.12";

function pins(): Record<string, string> {
  const script = read("scripts/lib/node.sh");
  return Object.fromEntries(
    [...script.matchAll(/^NODE_PIN_(\d+)=(\S+)$/gm)].map((m) => [m[1] ?? "", m[2] ?? ""]),
  );
}

describe("Node.js versions", () => {
  it("every package declares the same engines: 22.12 or newer", () => {
    const packages = ["", "shared/", "bridge/", "mcp/", "bitburner/", "npc/"];
    for (const dir of packages) {
      const manifest = JSON.parse(read(`${dir}package.json`)) as { engines?: { node?: string } };
      expect(manifest.engines?.node, `${dir}package.json`).toBe(ENGINES);
    }
  });

  it("the scripts pin an exact Node.js 24 and 22, both within engines", () => {
    const pinned = pins();
    expect(Object.keys(pinned).sort()).toEqual(["22", "24"]);
    for (const [major, version] of Object.entries(pinned)) {
      expect(version, `NODE_PIN_${major}`).toMatch(new RegExp(`^${major}\\.\\d+\\.\\d+$`));
      const [, minor] = version.split(".").map(Number);
      expect(Number(major) > 22 || (minor ?? 0) >= 12, `${version} satisfies ${ENGINES}`).toBe(true);
    }
  });

  it(".nvmrc and the deploy image name the target line, 24", () => {
    expect(read(".nvmrc").trim()).toBe("24");
    expect(read("scripts/deploy/Dockerfile")).toMatch(/^ARG NODE_IMAGE=node:24-/m);
  });
});
