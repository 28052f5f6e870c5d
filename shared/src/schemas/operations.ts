/**
 * Every command and query the bridge can run on a Minecraft server: its arguments, its result
 * data and whether it changes the game (writes are never executed twice; see the idempotency rules).
 */
import { z } from "zod";
import {
  CoordinateSchema,
  ItemStackSchema,
  LocationSchema,
  PlayerNameSchema,
  ResourceIdSchema,
  WorldNameSchema,
} from "./common.js";
import { EventSourceDescriptionSchema } from "./events.js";

/** Hard caps of get_world_info; the mod may apply tighter ones from its config. */
export const WORLD_INFO_MAX_RADIUS = 32;
/** vanilla /give refuses more than 100 stacks; 64-stacks make 6400 the schema's upper bound. */
export const GIVE_MAX_QUANTITY = 6400;
export const MAX_COMMAND_LENGTH = 1000;
export const MAX_MESSAGE_LENGTH = 1000;

export const ExecuteCommandArgsSchema = z.object({
  command: z.string().min(1).max(MAX_COMMAND_LENGTH),
});
/**
 * A command that ran without an error succeeded, whatever it returned (vanilla's meaning: `list` with
 * nobody online succeeds with result 0). `result` is the command's return value; only the mod can
 * report it (RCON carries text only).
 */
export const ExecuteCommandResultSchema = z.object({
  output: z.string(),
  result: z.number().int().optional(),
});

export const SendMessageArgsSchema = z.object({
  message: z.string().min(1).max(MAX_MESSAGE_LENGTH),
  target: PlayerNameSchema.optional(),
});
export const SendMessageResultSchema = z.object({ recipients: z.array(z.string()) });

export const TeleportPlayerArgsSchema = z.object({
  player: PlayerNameSchema,
  x: CoordinateSchema,
  y: CoordinateSchema,
  z: CoordinateSchema,
  world: WorldNameSchema.optional(),
});
export const TeleportPlayerResultSchema = z.object({ player: z.string(), location: LocationSchema });

export const GiveItemArgsSchema = z.object({
  player: PlayerNameSchema,
  item: ResourceIdSchema,
  quantity: z.number().int().min(1).max(GIVE_MAX_QUANTITY),
});
export const GiveItemResultSchema = z.object({
  player: z.string(),
  item: z.string(),
  quantity: z.number().int().nonnegative(),
});

export const EmptyArgsSchema = z.object({});

export const OnlinePlayersResultSchema = z.object({
  players: z.array(z.string()),
  online: z.number().int().nonnegative(),
  max: z.number().int().nonnegative(),
});

export const PlayerInfoArgsSchema = z.object({ player: PlayerNameSchema });
export const PlayerInfoResultSchema = z.object({
  name: z.string(),
  uuid: z.string(),
  health: z.number(),
  foodLevel: z.number().int(),
  location: LocationSchema,
  gameMode: z.string(),
  inventory: z.array(ItemStackSchema),
});

export const ServerInfoResultSchema = z.object({
  version: z.string(),
  onlinePlayers: z.number().int().nonnegative(),
  maxPlayers: z.number().int().nonnegative(),
  timeOfDay: z.number().int().nonnegative(),
  weather: z.enum(["CLEAR", "RAIN", "THUNDER"]),
  tps: z.number().nonnegative(),
  /** Added by the bridge: which event sources are active for this server and what each delivers. */
  eventSources: z.array(EventSourceDescriptionSchema).optional(),
});

export const WorldInfoArgsSchema = z.object({
  x: CoordinateSchema,
  y: CoordinateSchema,
  z: CoordinateSchema,
  radius: z.number().int().min(0).max(WORLD_INFO_MAX_RADIUS),
  world: WorldNameSchema.optional(),
});
export const WorldInfoResultSchema = z.object({
  center: LocationSchema,
  radius: z.number().int().nonnegative(),
  /** Every block type in the cube and how many there are (air included). */
  palette: z.array(z.object({ type: z.string(), count: z.number().int().positive() })),
  /** Non-air blocks, nearest first, up to the mod's limit. */
  blocks: z.array(z.object({ type: z.string(), location: LocationSchema })),
  entities: z.array(
    z.object({ type: z.string(), location: LocationSchema, name: z.string().nullable().optional() }),
  ),
  truncated: z.boolean(),
});

export const HelloResultSchema = z.object({
  modVersion: z.string(),
  protocolVersions: z.array(z.string()).min(1),
  capabilities: z.array(z.string()),
  droppedEvents: z.number().int().nonnegative(),
});

export const OPERATIONS = {
  execute_command: {
    kind: "command",
    write: true,
    args: ExecuteCommandArgsSchema,
    result: ExecuteCommandResultSchema,
  },
  send_message: {
    kind: "command",
    write: true,
    args: SendMessageArgsSchema,
    result: SendMessageResultSchema,
  },
  teleport_player: {
    kind: "command",
    write: true,
    args: TeleportPlayerArgsSchema,
    result: TeleportPlayerResultSchema,
  },
  give_item: { kind: "command", write: true, args: GiveItemArgsSchema, result: GiveItemResultSchema },
  get_online_players: {
    kind: "query",
    write: false,
    args: EmptyArgsSchema,
    result: OnlinePlayersResultSchema,
  },
  get_player_info: {
    kind: "query",
    write: false,
    args: PlayerInfoArgsSchema,
    result: PlayerInfoResultSchema,
  },
  get_server_info: { kind: "query", write: false, args: EmptyArgsSchema, result: ServerInfoResultSchema },
  get_world_info: { kind: "query", write: false, args: WorldInfoArgsSchema, result: WorldInfoResultSchema },
  hello: { kind: "query", write: false, args: EmptyArgsSchema, result: HelloResultSchema },
} as const;

export type Operation = keyof typeof OPERATIONS;
export const OPERATION_NAMES = Object.keys(OPERATIONS) as Operation[];
export const COMMAND_OPERATIONS = OPERATION_NAMES.filter((op) => OPERATIONS[op].kind === "command");
export const QUERY_OPERATIONS = OPERATION_NAMES.filter((op) => OPERATIONS[op].kind === "query");

export type OperationArgs<O extends Operation> = z.infer<(typeof OPERATIONS)[O]["args"]>;
export type OperationResult<O extends Operation> = z.infer<(typeof OPERATIONS)[O]["result"]>;

export function isOperation(name: unknown): name is Operation {
  return typeof name === "string" && Object.hasOwn(OPERATIONS, name);
}

export function isWriteOperation(op: Operation): boolean {
  return OPERATIONS[op].write;
}
