/**
 * A role's `region` (policy.ts): where it may act, a box per world. The typed tools' positions (their
 * descriptors' `position`) and every coordinate of a raw command (command-region.ts) must lie inside
 * one of its boxes; what cannot be placed is refused. Boxes are inclusive on every axis.
 */
import { displayCommand } from "./command-gate.js";
import { commandPositions, type Position } from "./command-region.js";
import { BridgeError } from "./errors.js";
import type { OperationDescriptor } from "./operations/descriptor.js";
import type { Role } from "./policy.js";
import { canonicalWorld } from "./worlds.js";

type Region = NonNullable<Role["region"]>;

/** A role with a region acts only inside its boxes: typed positions and raw commands' coordinates. */
export function checkRegion(
  roleName: string,
  region: Region,
  tool: string,
  args: Record<string, unknown>,
  descriptor: OperationDescriptor | undefined,
): void {
  const limit = `role '${roleName}' may act only inside its region (${describeRegion(region)})`;
  if (tool === "execute_command" && typeof args.command === "string") {
    const command = args.command.startsWith("/") ? args.command.slice(1) : args.command;
    const found = commandPositions(command);
    const display = displayCommand(command);
    if ("unknown" in found) {
      throw denied(
        `Command '${display}' is refused: ${found.unknown}, so it cannot be checked against ${limit}`,
        {
          command: display,
        },
      );
    }
    for (const p of found.positions) {
      if (!inside(region, p))
        throw denied(`Command '${display}' acts at ${where(p)}, outside ${limit}`, { command: display });
    }
    return;
  }
  const pos = descriptor?.position;
  if (!pos) return;
  const world = pos.world === undefined ? undefined : args[pos.world];
  if (typeof world !== "string") {
    throw denied(
      `${tool} without '${pos.world ?? "world"}' cannot be checked against ${limit}: name the world`,
      {
        field: `payload.args.${pos.world ?? "world"}`,
      },
    );
  }
  const p = {
    world: canonicalWorld(world),
    x: Number(args[pos.x]),
    y: Number(args[pos.y]),
    z: Number(args[pos.z]),
  };
  if (!inside(region, p)) throw denied(`${tool} at ${where(p)} is outside ${limit}`);
  const reach = pos.reach === undefined ? 0 : Number(args[pos.reach]);
  if (!inside(region, p, reach)) {
    throw denied(`${tool} reads ${reach} blocks around ${where(p)}, beyond ${limit}`);
  }
}

/** Whether the cube of half-size `reach` around p lies in one of the region's boxes (reach 0: the point). */
function inside(region: Region, p: Position, reach = 0): boolean {
  return Object.entries(region).some(
    ([world, box]) =>
      canonicalWorld(world) === p.world &&
      Number.isFinite(reach) &&
      [p.x, p.y, p.z].every(
        (v, i) => Number.isFinite(v) && v - reach >= box.min[i]! && v + reach <= box.max[i]!,
      ),
  );
}

const where = (p: Position) => `${p.x} ${p.y} ${p.z} in ${p.world}`;

function describeRegion(region: Region): string {
  return Object.entries(region)
    .map(([world, box]) => `${canonicalWorld(world)} ${box.min.join(",")}..${box.max.join(",")}`)
    .join("; ");
}

function denied(message: string, details?: Record<string, unknown>) {
  return new BridgeError("PERMISSION_DENIED", message, { details });
}
