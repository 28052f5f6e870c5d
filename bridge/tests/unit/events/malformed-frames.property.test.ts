import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { helloFrame } from "../../../testing/event-ingest.js";
import { eventFrame, makeSession, settle } from "./fixtures.js";

/** Required fields of an event envelope, as the path the SCHEMA_ERROR must name. */
const REQUIRED = [
  ["version"],
  ["type"],
  ["id"],
  ["timestamp"],
  ["source"],
  ["payload"],
  ["payload", "seq"],
  ["payload", "data"],
  ["payload", "data", "player"],
  ["payload", "data", "message"],
] as const;

type Obj = Record<string, unknown>;

function withPath(frame: Obj, path: readonly string[], edit: (parent: Obj, key: string) => void): Obj {
  const copy = structuredClone(frame);
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Obj;
  edit(parent, path[path.length - 1]!);
  return copy;
}

const validEvent = (seq: number) => JSON.parse(eventFrame(seq)) as Obj;

/** Values no field of an event accepts where a string/number/object is required. */
const wrongValue = fc.constantFrom<unknown>(null, [], [1], true, -1.5, { nested: {} });

const missingField = fc.constantFrom(...REQUIRED).map((path) => ({
  text: JSON.stringify(withPath(validEvent(1), path, (p, k) => delete p[k])),
  field: path.join("."),
}));

const wrongTypedField = fc.tuple(fc.constantFrom(...REQUIRED), wrongValue).map(([path, value]) => ({
  text: JSON.stringify(withPath(validEvent(1), path, (p, k) => (p[k] = value))),
  field: path.join("."),
}));

const notJson = fc.string({ maxLength: 200 }).filter((s) => {
  try {
    JSON.parse(s);
    return false;
  } catch {
    return true;
  }
});

const anyJson = fc.json({ maxDepth: 3 }).map((text) => ({ text, field: undefined as string | undefined }));

const malformed = fc.oneof(
  missingField,
  wrongTypedField,
  notJson.map((text) => ({ text, field: "(message)" as string | undefined })),
  anyJson,
);

describe("event session: malformed frames", () => {
  // Feature: minecraft-mcp-bridge, Property 12: Malformed message resilience
  it("answers every malformed frame with one SCHEMA_ERROR naming the field and keeps serving", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(malformed, { minLength: 1, maxLength: 5 }), async (frames) => {
        const { session, sent, closes, store } = makeSession();
        session.handleFrame(helloFrame());
        await settle();
        for (const frame of frames) {
          const before = sent.length;
          expect(() => session.handleFrame(frame.text)).not.toThrow();
          expect(sent.length).toBe(before + 1);
          const reply = sent.at(-1)!;
          expect(reply.type).toBe("error");
          expect(reply.payload.code).toBe("SCHEMA_ERROR");
          // The named field is the broken one or lies inside it (an object payload lacking eventType
          // names payload.eventType).
          if (frame.field !== undefined)
            expect(reply.payload.details?.field?.startsWith(frame.field)).toBe(true);
        }
        // Still usable: a valid event afterwards is stored and acknowledged.
        session.handleFrame(eventFrame(1));
        await settle();
        expect(closes).toEqual([]);
        expect(sent.at(-1)?.payload.data).toEqual({ ackSeq: 1 });
        expect(store.streams.get("survival")).toHaveLength(1);
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  // Feature: minecraft-mcp-bridge, Property 12: Malformed message resilience
  it("answers a malformed first frame with SCHEMA_ERROR and still accepts a hello", async () => {
    await fc.assert(
      fc.asyncProperty(malformed, async (frame) => {
        const { session, sent, closes } = makeSession();
        session.handleFrame(frame.text);
        expect(sent[0]?.payload.code).toBe("SCHEMA_ERROR");
        session.handleFrame(helloFrame());
        await settle();
        expect(closes).toEqual([]);
        expect(sent[1]?.payload.data).toEqual({ version: "1.0.0", lastSeq: 0 });
      }),
      { numRuns: 100 },
    );
  }, 60_000);
});
