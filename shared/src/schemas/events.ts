/**
 * Game events: what the mod, the server log tail and the Server Management Protocol
 * source emit and the MCP server serves. Each carries a seq, increasing per server and source.
 * Fields a source cannot know are optional: a log line has no UUID (unless the server logged
 * `UUID of player`) and no death location.
 */
import { z } from "zod";
import { LocationSchema, PlayerNameSchema, UuidSchema } from "./common.js";
import { EnvelopeBaseSchema } from "./envelope.js";

export const EVENT_TYPES = [
  "player_join",
  "player_quit",
  "player_chat",
  "player_death",
  "block_break",
  "server_status",
] as const;
export const EventTypeSchema = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof EventTypeSchema>;

export const PlayerJoinDataSchema = z.object({
  player: PlayerNameSchema,
  uuid: UuidSchema.optional(),
  /** The name the player had before, from the log's `(formerly known as ...)` line. */
  formerName: PlayerNameSchema.optional(),
});
export const PlayerQuitDataSchema = z.object({ player: PlayerNameSchema, uuid: UuidSchema.optional() });
export const PlayerChatDataSchema = z.object({
  player: PlayerNameSchema,
  message: z.string().max(4096),
  uuid: UuidSchema.optional(),
});
export const PlayerDeathDataSchema = z.object({
  player: PlayerNameSchema,
  cause: z.string().min(1),
  location: LocationSchema.optional(),
  /** Killer as the game names it: a player, a mob type or an entity's custom (player-chosen) name. */
  killer: z.string().max(512).nullable().optional(),
  /** The weapon's display name, where the death message has one (may be player-chosen). */
  weapon: z.string().max(512).optional(),
});
export const BlockBreakDataSchema = z.object({
  player: PlayerNameSchema,
  blockType: z.string().min(1),
  location: LocationSchema,
});

/** What the Server Management Protocol reports about the server itself (no player involved). */
export const SERVER_STATUSES = ["started", "stopping", "saving", "saved", "heartbeat"] as const;
export const ServerStatusDataSchema = z.object({
  status: z.enum(SERVER_STATUSES),
  /** Present on heartbeats: the server's own view (MSMP `server/status`). */
  started: z.boolean().optional(),
  version: z.string().max(128).optional(),
  onlinePlayers: z.number().int().nonnegative().optional(),
});

export const EVENT_DATA_SCHEMAS = {
  player_join: PlayerJoinDataSchema,
  player_quit: PlayerQuitDataSchema,
  player_chat: PlayerChatDataSchema,
  player_death: PlayerDeathDataSchema,
  block_break: BlockBreakDataSchema,
  server_status: ServerStatusDataSchema,
} as const;

export type EventDataMap = { [K in EventType]: z.infer<(typeof EVENT_DATA_SCHEMAS)[K]> };

const eventPayload = <K extends EventType>(eventType: K) =>
  z.object({
    eventType: z.literal(eventType),
    seq: z.number().int().positive(),
    data: EVENT_DATA_SCHEMAS[eventType],
  });

export const GameEventSchema = z.discriminatedUnion("eventType", [
  eventPayload("player_join"),
  eventPayload("player_quit"),
  eventPayload("player_chat"),
  eventPayload("player_death"),
  eventPayload("block_break"),
  eventPayload("server_status"),
]);
export type GameEvent = z.infer<typeof GameEventSchema>;

export const EventMessageSchema = EnvelopeBaseSchema.extend({
  type: z.literal("event"),
  source: z.literal("minecraft"),
  payload: GameEventSchema,
});
export type EventMessage = z.infer<typeof EventMessageSchema>;

/** The player an event is about; "" for events about the server itself (server_status). */
export function eventPlayer(event: GameEvent): string {
  return "player" in event.data ? event.data.player : "";
}

/** Where a server's events come from: our mod, the server's log file, the Server Management Protocol. */
export const EVENT_SOURCES = ["mod", "log", "management"] as const;
export type EventSourceName = (typeof EVENT_SOURCES)[number];
export const EventSourceDescriptionSchema = z.object({
  source: z.enum(EVENT_SOURCES),
  active: z.boolean(),
  /** Event types this source delivers now (empty when inactive or when another source wins). */
  types: z.array(EventTypeSchema),
  detail: z.string(),
});
export type EventSourceDescription = z.infer<typeof EventSourceDescriptionSchema>;

/** What the bridge holding a server's lease publishes under redisKeys().eventSources (with a TTL). */
export const EventSourcesRecordSchema = z.object({
  sources: z.array(EventSourceDescriptionSchema),
  at: z.number().int(),
});
