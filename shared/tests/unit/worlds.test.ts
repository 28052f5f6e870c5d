/** The one world-name rule, against the vectors the mod's Java tests read too. */
import { readFileSync } from "node:fs";
import { canonicalWorld } from "@mcp-bridge/shared";
import { describe, expect, it } from "vitest";

const vector = JSON.parse(
  readFileSync(new URL("../../vectors/game/world-names.json", import.meta.url), "utf8"),
) as { cases: { name: string; id: string }[] };

describe("canonicalWorld (shared/vectors/game/world-names.json)", () => {
  it.each(vector.cases)("maps '$name' to $id", ({ name, id }) => {
    expect(canonicalWorld(name)).toBe(id);
  });
});
