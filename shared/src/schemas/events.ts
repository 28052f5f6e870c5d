/** Game events: what the mod emits and the MCP server serves. Each carries a per-server seq. */
import { z } from "zod";
import { LocationSchema, PlayerNameSchema, UuidSchema } from "./common.js";
import { EnvelopeBaseSchema } from "./envelope.js";

export const EVENT_TYPES = [
  "player_join",
  "player_quit",
  "player_chat",
  "player_death",
  "block_break",
] as const;
export const EventTypeSchema = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof EventTypeSchema>;

export const PlayerJoinDataSchema = z.object({ player: PlayerNameSchema, uuid: UuidSchema });
export const PlayerQuitDataSchema = z.object({ player: PlayerNameSchema, uuid: UuidSchema });
export const PlayerChatDataSchema = z.object({
  player: PlayerNameSchema,
  message: z.string().max(4096),
  uuid: UuidSchema.optional(),
});
export const PlayerDeathDataSchema = z.object({
  player: PlayerNameSchema,
  cause: z.string().min(1),
  location: LocationSchema,
  killer: z.string().nullable().optional(),
});
export const BlockBreakDataSchema = z.object({
  player: PlayerNameSchema,
  blockType: z.string().min(1),
  location: LocationSchema,
});

export const EVENT_DATA_SCHEMAS = {
  player_join: PlayerJoinDataSchema,
  player_quit: PlayerQuitDataSchema,
  player_chat: PlayerChatDataSchema,
  player_death: PlayerDeathDataSchema,
  block_break: BlockBreakDataSchema,
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
]);
export type GameEvent = z.infer<typeof GameEventSchema>;

export const EventMessageSchema = EnvelopeBaseSchema.extend({
  type: z.literal("event"),
  source: z.literal("minecraft"),
  payload: GameEventSchema,
});
export type EventMessage = z.infer<typeof EventMessageSchema>;
