/**
 * The operation descriptors as plain data, for readers that are not TypeScript: the starter policy
 * (scripts/lib/make-policy.mjs) and the mod's Java tests read shared/vectors/catalog/operations.json, which a
 * shared test keeps equal to this.
 */
import { OPERATION_NAMES, operationDescriptor } from "../schemas/operations.js";

export interface OperationCatalogEntry {
  name: string;
  kind: "command" | "query";
  write: boolean;
  modOperation: string;
  tool: boolean;
  readOnly: boolean;
  players: string[];
  items: { item: string; count?: string } | null;
  position: { x: string; y: string; z: string; world?: string; reach?: string } | null;
}

export function operationCatalog(): OperationCatalogEntry[] {
  return OPERATION_NAMES.map((name) => {
    const d = operationDescriptor(name)!;
    return {
      name,
      kind: d.kind,
      write: d.write,
      modOperation: d.modOperation,
      tool: d.tool !== undefined,
      readOnly: d.tool?.annotations.readOnlyHint ?? !d.write,
      players: [...(d.players ?? [])],
      items: d.items ?? null,
      position: d.position ?? null,
    };
  });
}
