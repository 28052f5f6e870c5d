/** Builders for outgoing envelopes so every message carries the version (docs/properties.md, #20). */
import { randomUUID } from "node:crypto";
import type { BridgeError } from "./errors.js";
import type { Source } from "./schemas/envelope.js";
import type { ErrorMessage, RequestMessage, ResponseMessage } from "./schemas/messages.js";
import { OPERATIONS, type Operation, type OperationArgs } from "./schemas/operations.js";
import { PROTOCOL_VERSION } from "./version.js";

export function makeRequest<O extends Operation>(
  op: O,
  args: OperationArgs<O>,
  options: { id?: string; source?: Source; timestamp?: number } = {},
): RequestMessage {
  const common = {
    version: PROTOCOL_VERSION,
    id: options.id ?? randomUUID(),
    timestamp: options.timestamp ?? Date.now(),
    source: options.source ?? "mcp",
  } as const;
  return OPERATIONS[op].kind === "command"
    ? { ...common, type: "command", payload: { command: op, args: args as Record<string, unknown> } }
    : { ...common, type: "query", payload: { query: op, args: args as Record<string, unknown> } };
}

export function makeResponse(id: string, data: unknown, source: Source = "minecraft"): ResponseMessage {
  return {
    version: PROTOCOL_VERSION,
    type: "response",
    id,
    timestamp: Date.now(),
    source,
    payload: { success: true, data },
  };
}

export function makeError(id: string, error: BridgeError, source: Source = "minecraft"): ErrorMessage {
  return {
    version: PROTOCOL_VERSION,
    type: "error",
    id,
    timestamp: Date.now(),
    source,
    payload: error.toPayload(),
  };
}
