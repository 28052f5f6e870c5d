/** Building blocks shared by every message schema. */
import { z } from "zod";
import { ERROR_CODES } from "../errors.js";
import { ERROR_DETAILS_SCHEMAS } from "./error-details.js";

/** Vanilla player names: 1-16 of [A-Za-z0-9_]. Anything else cannot be online, so it is refused early. */
export const PlayerNameSchema = z.string().regex(/^[A-Za-z0-9_]{1,16}$/, "must be 1-16 letters, digits or _");

/** A world / dimension: `world`, `world_nether`, `minecraft:the_nether`, ... */
export const WorldNameSchema = z
  .string()
  .regex(/^[a-z0-9_.-]+(:[a-z0-9_./-]+)?$/, "must be a world or dimension id like minecraft:overworld")
  .max(128);

/** Namespaced ids such as `minecraft:diamond` (namespace optional, as in commands). */
export const ResourceIdSchema = z
  .string()
  .regex(/^([a-z0-9_.-]+:)?[a-z0-9_./-]+$/, "must be an id like minecraft:diamond")
  .max(128);

export const UuidSchema = z
  .string()
  .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, "must be a UUID");

/** Minecraft's world border is at +-30,000,000. */
export const CoordinateSchema = z.number().finite().min(-30_000_000).max(30_000_000);

export const LocationSchema = z.object({
  world: z.string().min(1).max(128),
  x: z.number().finite(),
  y: z.number().finite(),
  z: z.number().finite(),
});
export type Location = z.infer<typeof LocationSchema>;

export const ItemStackSchema = z.object({
  type: z.string().min(1),
  quantity: z.number().int().min(0),
  displayName: z.string().optional(),
});
export type ItemStack = z.infer<typeof ItemStackSchema>;

export const ErrorCodeSchema = z.enum(ERROR_CODES);

/** `details` is checked against its code's schema (schemas/error-details.ts). */
export const ErrorPayloadSchema = z
  .object({
    code: ErrorCodeSchema,
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine((payload, ctx) => {
    if (payload.details === undefined) return;
    const checked = ERROR_DETAILS_SCHEMAS[payload.code].safeParse(payload.details);
    for (const issue of checked.error?.issues ?? []) {
      ctx.addIssue({ code: "custom", path: ["details", ...issue.path], message: issue.message });
    }
  });
export type ErrorPayload = z.infer<typeof ErrorPayloadSchema>;
