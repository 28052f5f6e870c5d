import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BridgeError,
  EVENT_DATA_SCHEMAS,
  EVENT_TYPES,
  type EventType,
  makeRequest,
  PROTOCOL_VERSION,
  parseEvent,
  parseMessage,
  toAsciiJson,
} from "../../src/index.js";

const RUNS = { numRuns: 200 };
const name = fc.stringMatching(/^[A-Za-z0-9_]{1,16}$/);
const location = fc.record({
  world: fc.constantFrom("world", "world_nether", "minecraft:the_end"),
  x: fc.double({ min: -3e7, max: 3e7, noNaN: true }),
  y: fc.double({ min: -64, max: 320, noNaN: true }),
  z: fc.double({ min: -3e7, max: 3e7, noNaN: true }),
});
const dataFor: { [K in EventType]: fc.Arbitrary<unknown> } = {
  player_join: fc.record({ player: name, uuid: fc.uuid() }),
  player_quit: fc.record({ player: name, uuid: fc.uuid() }),
  player_chat: fc.record({ player: name, message: fc.string({ unit: "grapheme", maxLength: 200 }) }),
  player_death: fc.record({
    player: name,
    cause: fc.string({ minLength: 1, maxLength: 60 }),
    location,
    killer: fc.option(name, { nil: null }),
  }),
  block_break: fc.record({
    player: name,
    blockType: fc.constantFrom("minecraft:stone", "minecraft:dirt"),
    location,
  }),
  server_status: fc.record({
    status: fc.constantFrom("started", "stopping", "saving", "saved", "heartbeat"),
  }),
};
const gameEvent = fc.constantFrom(...EVENT_TYPES).chain((eventType) =>
  fc.record({
    version: fc.constant(PROTOCOL_VERSION),
    type: fc.constant("event" as const),
    id: fc.uuid(),
    timestamp: fc.integer({ min: 0, max: 2 ** 45 }),
    source: fc.constant("minecraft" as const),
    payload: fc.record({
      eventType: fc.constant(eventType),
      seq: fc.integer({ min: 1 }),
      data: dataFor[eventType],
    }),
  }),
);
const REQUIRED: { [K in EventType]: string[] } = {
  player_join: ["player"],
  player_quit: ["player"],
  player_chat: ["player", "message"],
  player_death: ["player", "cause"],
  block_break: ["player", "blockType", "location"],
  server_status: ["status"],
};

function typedErrorOrValue(fn: () => unknown): unknown {
  try {
    return fn();
  } catch (error) {
    if (error instanceof BridgeError) return error;
    throw new Error(`threw a non-BridgeError: ${String(error)}`);
  }
}

describe("protocol properties", () => {
  // Feature: minecraft-mcp-bridge, Property 1: Event notification completeness
  it("every game event keeps the player, timestamp and its type's fields through the ASCII codec", () => {
    fc.assert(
      fc.property(gameEvent, (event) => {
        const parsed = parseEvent(toAsciiJson(event));
        expect(typeof parsed.timestamp).toBe("number");
        const data = parsed.payload.data as Record<string, unknown>;
        for (const field of REQUIRED[parsed.payload.eventType]) expect(data[field]).toBeDefined();
        expect(EVENT_DATA_SCHEMAS[parsed.payload.eventType].safeParse(data).success).toBe(true);
        expect(parsed).toEqual(JSON.parse(JSON.stringify(event)));
      }),
      RUNS,
    );
  });

  // Feature: minecraft-mcp-bridge, Property 12: Malformed message resilience
  it("malformed input of any shape yields a typed BridgeError, never another exception", () => {
    const junk = fc.oneof(
      fc.string(),
      fc.json(),
      fc.jsonValue(),
      fc.anything(),
      gameEvent.map((e) => JSON.stringify(e).slice(0, -3)),
    );
    fc.assert(
      fc.property(junk, (input) => {
        typedErrorOrValue(() => parseMessage(input));
      }),
      { numRuns: 500 },
    );
  });

  // Feature: minecraft-mcp-bridge, Property 20: Message schema version inclusion
  it("every message built by the contract carries a MAJOR.MINOR.PATCH version", () => {
    fc.assert(
      fc.property(name, fc.string({ minLength: 1, maxLength: 100 }), (player, text) => {
        for (const message of [
          makeRequest("send_message", { message: text, target: player }),
          makeRequest("get_player_info", { player }),
        ]) {
          expect(message.version).toMatch(/^\d+\.\d+\.\d+$/);
          expect(parseMessage(toAsciiJson(message)).version).toBe(PROTOCOL_VERSION);
        }
      }),
      RUNS,
    );
  });

  // Feature: minecraft-mcp-bridge, Property 21: Schema validation enforcement
  it("removing any required field is rejected with SCHEMA_ERROR naming that field", () => {
    fc.assert(
      fc.property(gameEvent, fc.nat(), (event, pick) => {
        const fields = [
          ...["version", "type", "id", "timestamp", "source", "payload"],
          ...["payload.eventType", "payload.seq", "payload.data"],
          ...REQUIRED[event.payload.eventType].map((f) => `payload.data.${f}`),
        ];
        const field = fields[pick % fields.length]!;
        const broken = structuredClone(event) as Record<string, unknown>;
        const keys = field.split(".");
        let obj = broken;
        for (const k of keys.slice(0, -1)) obj = obj[k] as Record<string, unknown>;
        delete obj[keys.at(-1)!];
        const error = typedErrorOrValue(() => parseMessage(broken));
        expect(error).toBeInstanceOf(BridgeError);
        expect((error as BridgeError).code).toBe("SCHEMA_ERROR");
        const named = String((error as BridgeError).details?.field);
        // A missing discriminator makes the whole payload unreadable; zod names the payload then.
        expect(field.startsWith(named) || named.startsWith(field)).toBe(true);
      }),
      RUNS,
    );
  });

  // Feature: minecraft-mcp-bridge, Property 22: Version mismatch handling
  it("any other MAJOR version is refused with SCHEMA_ERROR on 'version'; any 1.x is read", () => {
    fc.assert(
      fc.property(gameEvent, fc.nat(999), fc.nat(999), fc.nat(999), (event, major, minor, patch) => {
        const version = `${major}.${minor}.${patch}`;
        const result = typedErrorOrValue(() => parseMessage({ ...event, version, extraField: 1 }));
        if (major === 1) {
          expect(result).not.toBeInstanceOf(BridgeError);
        } else {
          expect(result).toBeInstanceOf(BridgeError);
          expect((result as BridgeError).code).toBe("SCHEMA_ERROR");
          expect((result as BridgeError).details?.field).toBe("version");
        }
      }),
      RUNS,
    );
  });
});
