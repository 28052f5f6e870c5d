import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ITEM_IDS } from "../../src/game/index.js";

describe("ITEM_IDS", () => {
  it("is the devserver's item registry (regenerate with scripts/extract-item-ids.mjs)", () => {
    const tsv = readFileSync(
      fileURLToPath(
        new URL("../../../mod/devserver/src/main/resources/devserver/items.tsv", import.meta.url),
      ),
      "utf8",
    );
    const ids = tsv
      .split("\n")
      .filter((l) => l && !l.startsWith("#"))
      .map((l) => l.split("\t")[0]);
    expect(ITEM_IDS).toEqual(ids);
    expect(ITEM_IDS).toContain("diamond_sword");
  });
});
