/**
 * The operation descriptors: roles name their own arguments, and the readers that are not TypeScript
 * find every operation in its request vector (shared/vectors/<kind>.<op>.json): the mod's Java tests
 * (OperationVectorsTest) and the starter policy (scripts/lib/make-policy.mjs).
 */
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { OPERATION_NAMES, OPERATIONS, operationDescriptor, TOOL_OPERATIONS } from "@mcp-bridge/shared";
import { describe, expect, it } from "vitest";

const requestVectors = readdirSync(fileURLToPath(new URL("../../vectors/", import.meta.url)))
  .filter((name) => /^(command|query)\.[a-z_]+\.json$/.test(name))
  .sort();

describe("operation descriptors", () => {
  it("has one request vector each, <kind>.<op>.json, and no other: the mod's operations are read from them", () => {
    expect(requestVectors).toEqual(OPERATION_NAMES.map((op) => `${OPERATIONS[op].kind}.${op}.json`).sort());
  });

  it("are commands exactly when they write, and reach the mod under their own name", () => {
    for (const op of OPERATION_NAMES) {
      const d = operationDescriptor(op)!;
      expect(d.kind === "command", op).toBe(d.write);
      // The bridge sends the request envelope as it is: the mod receives the operation's name.
      expect(d.modOperation, op).toBe(op);
    }
  });

  it("name every read tool get_*: the starter policy's roles grant reads by that pattern", () => {
    const reads = TOOL_OPERATIONS.filter((op) => !OPERATIONS[op].write);
    for (const op of reads) expect(op).toMatch(/^get_/);
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
