/** Request, response and error envelopes, and the mod<->bridge event session (hello, ack). */
import { z } from "zod";
import { ErrorPayloadSchema } from "./common.js";
import { EnvelopeBaseSchema } from "./envelope.js";

export const CommandPayloadSchema = z.object({
  command: z.string().min(1),
  args: z.record(z.string(), z.unknown()),
});
export const QueryPayloadSchema = z.object({
  query: z.string().min(1),
  args: z.record(z.string(), z.unknown()),
});

export const CommandMessageSchema = EnvelopeBaseSchema.extend({
  type: z.literal("command"),
  payload: CommandPayloadSchema,
});
export const QueryMessageSchema = EnvelopeBaseSchema.extend({
  type: z.literal("query"),
  payload: QueryPayloadSchema,
});
export type CommandMessage = z.infer<typeof CommandMessageSchema>;
export type QueryMessage = z.infer<typeof QueryMessageSchema>;
export type RequestMessage = CommandMessage | QueryMessage;

export const ResponsePayloadSchema = z.object({
  success: z.literal(true),
  data: z.unknown().optional(),
  /** Set by the mod when the answer comes from its idempotency cache instead of a new execution. */
  replay: z.boolean().optional(),
});
export const ResponseMessageSchema = EnvelopeBaseSchema.extend({
  type: z.literal("response"),
  payload: ResponsePayloadSchema,
});
export const ErrorMessageSchema = EnvelopeBaseSchema.extend({
  type: z.literal("error"),
  payload: ErrorPayloadSchema,
});
export type ResponseMessage = z.infer<typeof ResponseMessageSchema>;
export type ErrorMessage = z.infer<typeof ErrorMessageSchema>;

/** A BullMQ job's return value: the response payload, success or failure. */
export const JobResultSchema = z.object({
  success: z.boolean(),
  data: z.unknown().optional(),
  error: ErrorPayloadSchema.optional(),
  replay: z.boolean().optional(),
});
export type JobResult = z.infer<typeof JobResultSchema>;

// --- Event session on ws://<bridge>/events (mod -> bridge) ---
/** First frame from the mod: a `query` envelope with query `session_hello`. */
export const SessionHelloArgsSchema = z.object({
  serverId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  protocolVersions: z.array(z.string()).min(1),
  modVersion: z.string(),
  /** Random per mod start; seq numbers are unique within one epoch. */
  epoch: z.string().min(1).max(64),
  droppedEvents: z.number().int().nonnegative().optional(),
  /**
   * The lowest seq the emitter still holds (its oldest unacknowledged event, or the next seq it will
   * assign when it holds none): every lower seq of the epoch was acknowledged or dropped. The bridge
   * accepts a seq gap only below it, so a jump cannot make it acknowledge events it never stored.
   * Omitted: nothing is declared gone, and any gap is refused.
   */
  resumeSeq: z.number().int().nonnegative().optional(),
});
export type SessionHelloArgs = z.infer<typeof SessionHelloArgsSchema>;

/** The bridge's answer (response data): negotiated version and the last seq it stored for the epoch. */
export const SessionHelloResultSchema = z.object({
  version: z.string(),
  lastSeq: z.number().int().nonnegative(),
});
export type SessionHelloResult = z.infer<typeof SessionHelloResultSchema>;

/** Cumulative acknowledgement (response data): every event with seq <= ackSeq is stored. */
export const EventAckSchema = z.object({ ackSeq: z.number().int().nonnegative() });
export type EventAck = z.infer<typeof EventAckSchema>;
