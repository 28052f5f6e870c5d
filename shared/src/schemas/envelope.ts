/** The envelope every message carries. Responses reuse the request id. */
import { z } from "zod";

export const MESSAGE_TYPES = ["event", "command", "query", "response", "error"] as const;
export const MessageTypeSchema = z.enum(MESSAGE_TYPES);
export type MessageType = z.infer<typeof MessageTypeSchema>;

export const SourceSchema = z.enum(["mcp", "minecraft"]);
export type Source = z.infer<typeof SourceSchema>;

export const EnvelopeBaseSchema = z.object({
  version: z.string().min(1),
  type: MessageTypeSchema,
  id: z.string().min(1).max(128),
  timestamp: z.number().int().nonnegative(),
  source: SourceSchema,
  payload: z.unknown(),
});
export type EnvelopeBase = z.infer<typeof EnvelopeBaseSchema>;
