/**
 * The one entry point for reading a message: raw text or a parsed value in, a typed message out,
 * or a BridgeError. Envelope/payload violations are SCHEMA_ERROR; arguments that break an
 * operation's schema are INVALID_ARGS. Both name the offending field in `details.field`.
 * Nothing else is ever thrown (docs/properties.md, #12).
 */
import type { z } from "zod";
import { parseJson } from "./ascii-json.js";
import { BridgeError, type ErrorCode } from "./errors.js";
import { EnvelopeBaseSchema } from "./schemas/envelope.js";
import { type EventMessage, EventMessageSchema } from "./schemas/events.js";
import {
  CommandMessageSchema,
  type ErrorMessage,
  ErrorMessageSchema,
  type QueryMessage,
  QueryMessageSchema,
  type RequestMessage,
  type ResponseMessage,
  ResponseMessageSchema,
  type SessionHelloArgs,
  SessionHelloArgsSchema,
} from "./schemas/messages.js";
import { isOperation, OPERATIONS, type Operation } from "./schemas/operations.js";
import { assertCompatible } from "./version.js";

export type Message = EventMessage | RequestMessage | ResponseMessage | ErrorMessage;

export function fieldPath(path: readonly PropertyKey[], prefix = ""): string {
  const joined = path.map((p) => (typeof p === "number" ? `[${p}]` : String(p))).join(".");
  const full = prefix && joined ? `${prefix}.${joined}` : prefix || joined;
  return full.replace(/\.\[/g, "[") || "(message)";
}

/** Converts the first zod issue into a BridgeError naming the field. */
export function schemaError(error: z.ZodError, code: ErrorCode = "SCHEMA_ERROR", prefix = ""): BridgeError {
  const issue = error.issues[0]!;
  const field = fieldPath(issue.path, prefix);
  const missing = issue.code === "invalid_type" && /received undefined/.test(issue.message);
  const reason = missing ? "required field missing" : issue.message;
  const what = code === "INVALID_ARGS" ? "Invalid argument" : "Message failed schema validation";
  return new BridgeError(
    code,
    `${what}: field '${field}' ${missing ? "is missing" : `is invalid (${reason})`}`,
    {
      details: { field, reason },
    },
  );
}

export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  code: ErrorCode = "SCHEMA_ERROR",
  prefix = "",
): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw schemaError(result.error, code, prefix);
  return result.data;
}

function toValue(input: unknown): unknown {
  return typeof input === "string" ? parseJson(input) : input;
}

/** Parses any message kind. */
export function parseMessage(input: unknown): Message {
  const value = toValue(input);
  const base = parseWith(EnvelopeBaseSchema, value);
  assertCompatible(base.version);
  switch (base.type) {
    case "event":
      return parseWith(EventMessageSchema, value);
    case "command":
    case "query":
      return parseRequest(value);
    case "response":
      return parseWith(ResponseMessageSchema, value);
    case "error":
      return parseWith(ErrorMessageSchema, value);
  }
}

/** Parses a command/query envelope and validates its args against the named operation. */
export function parseRequest(input: unknown): RequestMessage {
  const value = toValue(input);
  const base = parseWith(EnvelopeBaseSchema, value);
  assertCompatible(base.version);
  if (base.type !== "command" && base.type !== "query") {
    throw new BridgeError("SCHEMA_ERROR", `Field 'type': expected command or query, got '${base.type}'`, {
      details: { field: "type", reason: "not a request" },
    });
  }
  const message =
    base.type === "command" ? parseWith(CommandMessageSchema, value) : parseWith(QueryMessageSchema, value);
  const opField = base.type === "command" ? "command" : "query";
  const op = message.type === "command" ? message.payload.command : message.payload.query;
  if (!isOperation(op) || OPERATIONS[op].kind !== base.type) {
    throw new BridgeError("SCHEMA_ERROR", `Field 'payload.${opField}': unknown ${base.type} '${op}'`, {
      details: { field: `payload.${opField}`, reason: `unknown ${base.type}` },
    });
  }
  const args = parseWith(OPERATIONS[op].args, message.payload.args, "INVALID_ARGS", "payload.args");
  return { ...message, payload: { ...message.payload, args } } as RequestMessage;
}

export function requestOperation(message: RequestMessage): Operation {
  return (message.type === "command" ? message.payload.command : message.payload.query) as Operation;
}

export function parseEvent(input: unknown): EventMessage {
  const value = toValue(input);
  const base = parseWith(EnvelopeBaseSchema, value);
  assertCompatible(base.version);
  return parseWith(EventMessageSchema, value);
}

/** Parses a `response` envelope whose data must follow `dataSchema` (SCHEMA_ERROR otherwise). */
export function parseResponseWith<S extends z.ZodType>(
  dataSchema: S,
  input: unknown,
): ResponseMessage & { payload: { data: z.infer<S> } } {
  const message = parseMessage(input);
  if (message.type !== "response") {
    throw new BridgeError("SCHEMA_ERROR", `Field 'type': expected response, got '${message.type}'`, {
      details: { field: "type", reason: "not a response" },
    });
  }
  const data = parseWith(dataSchema, message.payload.data, "SCHEMA_ERROR", "payload.data");
  return { ...message, payload: { ...message.payload, data } };
}

export function parseResponseFor(op: Operation, input: unknown) {
  return parseResponseWith(OPERATIONS[op].result, input);
}

/** The first frame of an event session: a `query` envelope with query `session_hello`. */
export function parseSessionHello(input: unknown): QueryMessage & { payload: { args: SessionHelloArgs } } {
  const value = toValue(input);
  const base = parseWith(EnvelopeBaseSchema, value);
  assertCompatible(base.version);
  const message = parseWith(QueryMessageSchema, value);
  if (message.payload.query !== "session_hello") {
    throw new BridgeError("SCHEMA_ERROR", "Field 'payload.query': the first frame must be session_hello", {
      details: { field: "payload.query", reason: "expected session_hello" },
    });
  }
  const args = parseWith(SessionHelloArgsSchema, message.payload.args, "SCHEMA_ERROR", "payload.args");
  return { ...message, payload: { ...message.payload, args } };
}
