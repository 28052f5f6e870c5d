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
