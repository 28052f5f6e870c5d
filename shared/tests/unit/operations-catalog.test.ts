/** The descriptor list as data (shared/vectors/catalog/operations.json) stays equal to the descriptors. */
import { readFileSync } from "node:fs";
import {
  OPERATION_NAMES,
  OPERATIONS,
  operationCatalog,
  operationDescriptor,
  TOOL_OPERATIONS,
} from "@mcp-bridge/shared";
import { describe, expect, it } from "vitest";

const vector = JSON.parse(
  readFileSync(new URL("../../vectors/catalog/operations.json", import.meta.url), "utf8"),
) as { operations: unknown[] };

describe("operation descriptors", () => {
  it("shared/vectors/catalog/operations.json lists every descriptor as it is (regenerate it from operationCatalog())", () => {
    expect(vector.operations).toEqual(JSON.parse(JSON.stringify(operationCatalog())));
  });

  it("names only argument keys of their own schema in every role", () => {
    for (const op of OPERATION_NAMES) {
      const d = operationDescriptor(op)!;
      const keys = Object.keys(OPERATIONS[op].args.shape);
      const roles = [
        ...(d.players ?? []),
        ...(d.everyoneUnless ? [d.everyoneUnless] : []),
        ...Object.values(d.items ?? {}),
        ...Object.values(d.position ?? {}),
      ];
      for (const role of roles) expect(keys, `${op}.${role}`).toContain(role);
      if (d.approval === "count") expect(d.items?.count, op).toBeDefined();
    }
  });

  it("offers every operation but the protocol's hello as a tool", () => {
    expect(TOOL_OPERATIONS).toEqual(OPERATION_NAMES.filter((op) => op !== "hello"));
  });
});

describe("tool summaries", () => {
  it("get_server_info shows TPS rounded to two decimals in its text (the structured result keeps the number)", () => {
    const text = operationDescriptor("get_server_info")!.tool!.summary(
      {
        version: "1.21.1",
        onlinePlayers: 2,
        maxPlayers: 20,
        timeOfDay: 6000,
        weather: "clear",
        tps: 19.99999833939408,
      },
      "default",
    );
    expect(text).toBe("default: Minecraft 1.21.1, 2/20 players, time 6000, clear, 20 TPS");
  });
});
