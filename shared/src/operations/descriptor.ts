/**
 * The shape of one game operation's single definition (docs/architecture.md, "Operations"): what
 * the MCP tool, the policy's checks, the NPC's action checks and the bridge's vanilla dispatch are
 * derived from. Argument roles (players, items, counts, positions) are declared here so that no
 * check ever guesses from an argument's name.
 */
import type { z } from "zod";

/** The MCP tool annotations (the SDK's ToolAnnotations, without importing the SDK into the contract). */
export interface OperationAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** How the operation is offered as an MCP tool; absent for protocol-only operations (hello). */
export interface OperationTool {
  title: string;
  description: string;
  annotations: OperationAnnotations;
  /** The one-line text of a successful result (the structured result is the data itself). */
  summary: (data: Record<string, unknown>, serverId: string) => string;
}

export interface OperationDescriptor<
  A extends z.ZodObject = z.ZodObject,
  R extends z.ZodObject = z.ZodObject,
  K extends string = string,
> {
  kind: "command" | "query";
  /** Writes change the game and run at most once (docs/architecture.md, "Retries and idempotency"). */
  write: boolean;
  args: A;
  result: R;
  /** The mod's operation this maps to (mod/core `Operation`, by its wire name). */
  modOperation: string;
  tool?: OperationTool;
  /** Arguments that name players: the role's `players` limit applies to each. */
  players?: readonly K[];
  /** An optional player argument whose absence means every player (a role limited to players must name one). */
  everyoneUnless?: K;
  /** Arguments that name an item and how many: the operator-item and bounds rules read them. */
  items?: { item: K; count?: K };
  /**
   * Arguments that place the operation in the world: a role's `region` applies to them. `reach`: the
   * argument saying how far around the point the operation reads (a scan's radius); then the whole
   * cube must lie in the region, so a fenced role cannot read beyond its box.
   */
  position?: { x: K; y: K; z: K; world?: K; reach?: K };
  /** Whether a role's `confirm.quantityAbove` asks a person to approve a call with a larger count. */
  approval?: "count";
}

/** Checks a descriptor against its own argument schema (role arguments must be its keys). */
export function defineOperation<A extends z.ZodObject, R extends z.ZodObject>(
  descriptor: OperationDescriptor<A, R, Extract<keyof z.infer<A>, string>>,
): OperationDescriptor<A, R, Extract<keyof z.infer<A>, string>> {
  return descriptor;
}
