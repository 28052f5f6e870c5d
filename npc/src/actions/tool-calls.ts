/**
 * The reads an NPC's model may ask for with <tool name="...">{json}</tool> (seed 004 `mcpTools`):
 * which tools, how their arguments are checked, how many per answer, and how a result is shown to
 * the model. The calls themselves are signed read jobs for the NPC's client (ActionExecutor.read):
 * no path around the queue, and the bridge checks the NPC's role again.
 */
import { canonicalWorld, OPERATIONS, type Operation } from "@mcp-bridge/shared";
import { NPC_TOOLS, type NpcDefinition } from "../definitions/schema.js";
import type { ToolRequest } from "../parser/tag-parser.js";
import { distanceFromNpc } from "../world/player-tracker.js";

/** Read tools a model may call, when the NPC's `tools` lists them. Writes go through <function>. */
type ModelTool = Exclude<(typeof NPC_TOOLS)[number], "execute_command">;
const MODEL_TOOLS = NPC_TOOLS.filter((t): t is ModelTool => t !== "execute_command");

/** get_world_info scans every block of its cube in the game: a model's scan stays this small. */
const MODEL_WORLD_INFO_MAX_RADIUS = 8;
/** Characters of one result the model gets (JSON, cut): results enter one more prompt. */
const MAX_TOOL_RESULT_CHARS = 1500;

/** What the model is told of each tool (arguments as JSON). */
const USAGE: Record<ModelTool, string> = {
  get_online_players: "get_online_players {} - who is online",
  get_player_info: 'get_player_info {"player": "Name"} - health, food, position, game mode, inventory',
  get_world_info: `get_world_info {"x": 0, "y": 64, "z": 0, "radius": 4} - blocks and entities around a point near you (radius <= ${MODEL_WORLD_INFO_MAX_RADIUS})`,
  get_server_info: "get_server_info {} - version, players, time of day, weather",
  get_nearby_mobs:
    'get_nearby_mobs {"x": 0, "y": 64, "z": 0, "radius": 16} - mobs around a point near you, nearest first (radius <= your perception radius)',
};

/** The tools this NPC's model may call: its `tools` setting, read tools only; none for a guest. */
function modelTools(npc: NpcDefinition): ModelTool[] {
  if (npc.permissions.accessLevel === "guest") return [];
  return MODEL_TOOLS.filter((t) => (npc.tools as readonly string[]).includes(t));
}

export function toolUsage(npc: NpcDefinition): string[] {
  return modelTools(npc).map((t) => USAGE[t]);
}

export type CheckedCall =
  | { ok: true; tool: ModelTool; args: Record<string, unknown>; shown: string }
  | { ok: false; shown: string; code: string; message: string };

/**
 * The model's calls as jobs to run or refusals to explain, in order: at most `maxToolCalls` are
 * run, the rest refused as over the budget.
 */
export function checkCalls(npc: NpcDefinition, requests: ToolRequest[]): CheckedCall[] {
  const allowed = modelTools(npc);
  return requests.map((request, index) => {
    const shown = `${request.name || "(no name)"} ${request.args || "{}"}`.slice(0, 200);
    const refuse = (code: string, message: string): CheckedCall => ({ ok: false, shown, code, message });
    if (index >= npc.maxToolCalls) {
      return refuse("RATE_LIMITED", `over the budget of ${npc.maxToolCalls} tool call(s) per answer`);
    }
    if (!(allowed as string[]).includes(request.name)) {
      return refuse(
        "PERMISSION_DENIED",
        allowed.length === 0
          ? "you may not call tools"
          : `'${request.name}' is not one of your tools (${allowed.join(", ")})`,
      );
    }
    const tool = request.name as ModelTool;
    let raw: unknown = {};
    if (request.args) {
      try {
        raw = JSON.parse(request.args);
      } catch {
        return refuse("INVALID_ARGS", "the arguments must be one JSON object");
      }
    }
    const parsed = OPERATIONS[tool as Operation].args.safeParse(raw);
    if (!parsed.success) {
      const why = parsed.error.issues
        .map((i) => `${i.path.join(".") || "arguments"}: ${i.message}`)
        .join("; ");
      return refuse("INVALID_ARGS", why);
    }
    const args = parsed.data as Record<string, unknown>;
    if (tool === "get_world_info" || tool === "get_nearby_mobs") {
      const widest = tool === "get_world_info" ? MODEL_WORLD_INFO_MAX_RADIUS : npc.perception.radius;
      const problem = worldScanProblem(npc, args, widest);
      if (problem) return refuse("INVALID_ARGS", problem);
      args.world = npc.location.dimension;
    }
    return { ok: true, tool, args, shown };
  });
}

/**
 * A model's scan stays near the NPC: its own dimension, its centre within the NPC's perception radius
 * (a scan far away would read chunks nobody is in), the radius at most `widest` (8 for a block scan,
 * the perception radius for mobs).
 */
function worldScanProblem(
  npc: NpcDefinition,
  args: Record<string, unknown>,
  widest: number,
): string | undefined {
  if (Number(args.radius) > widest) return `radius: at most ${widest}`;
  const world = typeof args.world === "string" ? canonicalWorld(args.world) : npc.location.dimension;
  const centre = { x: Number(args.x), y: Number(args.y), z: Number(args.z), world };
  if (distanceFromNpc(centre, npc.location) > npc.perception.radius)
    return `you can only look within ${npc.perception.radius} blocks of where you stand (${npc.location.x} ${npc.location.y} ${npc.location.z} in ${npc.location.dimension})`;
  return undefined;
}

/** A result as the model sees it: JSON, world scans without their block list, mobs without positions, cut to a bound. */
export function showResult(tool: ModelTool, data: unknown): string {
  let view = data;
  if (tool === "get_world_info" && data && typeof data === "object") {
    const d = data as { palette?: unknown[]; entities?: unknown[]; truncated?: unknown };
    view = { palette: d.palette?.slice(0, 10), entities: d.entities?.slice(0, 20), truncated: d.truncated };
  }
  if (tool === "get_nearby_mobs" && data && typeof data === "object") {
    const d = data as { mobs?: { type?: unknown; name?: unknown; distance?: unknown }[]; total?: unknown };
    view = {
      mobs: d.mobs?.map((m) => ({ type: m.type, name: m.name, distance: m.distance })),
      total: d.total,
    };
  }
  const text = JSON.stringify(view) ?? "null";
  return text.length <= MAX_TOOL_RESULT_CHARS ? text : `${text.slice(0, MAX_TOOL_RESULT_CHARS)}...(cut)`;
}
