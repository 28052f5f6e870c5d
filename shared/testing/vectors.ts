/**
 * Test support (not part of the package surface): the cross-language test vectors
 * (shared/vectors/*.json) and which validator a vector kind uses. TypeScript tests and the Java tests
 * of mod/core read the same files.
 */
import { readFileSync } from "node:fs";
import { BridgeError } from "../src/errors.js";
import { ErrorMessageSchema, EventAckSchema, SessionHelloResultSchema } from "../src/schemas/messages.js";
import { isOperation, OPERATIONS, type Operation } from "../src/schemas/operations.js";
import {
  parseEvent,
  parseMessage,
  parseRequest,
  parseResponseFor,
  parseResponseWith,
  parseSessionHello,
  parseWith,
} from "../src/validate.js";

export interface VectorFile {
  kind: string;
  description: string;
  operation?: string;
  valid: { name: string; message: unknown; normalized?: unknown }[];
  invalid: { name: string; message?: unknown; raw?: string; error: { code: string; field: string } }[];
  /** Request vectors only: what the operation's vanilla handler does (bridge/tests/unit/vanilla/operations.test.ts). */
  vanilla?: VanillaSample[];
}

/**
 * One run of an operation in vanilla mode: its arguments, every command the bridge must send in
 * order with the server's answer to it, and the result, or the error (`details` matched as a
 * subset, `message` as a substring).
 */
export interface VanillaSample {
  name: string;
  /** The status ping's version name; "1.21.1" when absent. */
  server?: string;
  args: Record<string, unknown>;
  exchange: { sent: string; answer: string }[];
  result?: Record<string, unknown>;
  error?: { code: string; details?: Record<string, unknown>; message?: string };
}

/** The request vector of an operation: shared/vectors/<kind>.<op>.json (kind: command or query). */
export function requestVector(op: Operation): VectorFile {
  const url = new URL(`../vectors/${OPERATIONS[op].kind}.${op}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, "utf8")) as VectorFile;
}

/** The validator for a vector kind; throws BridgeError on invalid input. */
export function validatorFor(kind: string): (input: unknown) => unknown {
  const [family, name] = kind.split(".") as [string, string | undefined];
  switch (family) {
    case "envelope":
      return parseMessage;
    case "event":
      return parseEvent;
    case "command":
    case "query":
      return parseRequest;
    case "response":
      if (!isOperation(name)) break;
      return (input) => parseResponseFor(name, input);
    case "error":
      return (input) => {
        parseMessage(input);
        return parseWith(ErrorMessageSchema, input);
      };
    case "session":
      if (name === "hello") return parseSessionHello;
      if (name === "hello_result") return (input) => parseResponseWith(SessionHelloResultSchema, input);
      if (name === "ack") return (input) => parseResponseWith(EventAckSchema, input);
      break;
  }
  throw new BridgeError("SERVER_ERROR", `No validator for vector kind '${kind}'`);
}
