import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFunction, parseReply, parseStructuredReply, renderReply } from "../../src/parser/tag-parser.js";

const RUNS = { numRuns: 200 };
/** Tag content: trimmed, non-empty, without '<' or '&' (which a writer would escape). */
const content = fc
  .string({ minLength: 1, maxLength: 40 })
  .map((s) => s.replace(/[<&]/g, "").trim())
  .filter((s) => s.length > 0);
const reply = fc.record({
  thinking: fc.array(content, { maxLength: 3 }),
  say: fc.array(content, { maxLength: 4 }),
  functions: fc.array(content, { maxLength: 3 }),
  silence: fc.boolean(),
});

describe("tag parser", () => {
  // Feature: minecraft-mcp-bridge, Property: the NPC reply parser never throws, whatever the LLM sends
  it("never throws and always returns arrays", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: "grapheme" }),
          fc.constantFrom("<say>", "</say>", "<silence/>", "<function>"),
        ),
        (text) => {
          const parsed = parseReply(text);
          expect(
            Array.isArray(parsed.say) && Array.isArray(parsed.functions) && Array.isArray(parsed.thinking),
          ).toBe(true);
          parseStructuredReply(text);
          parseFunction(text);
        },
      ),
      RUNS,
    );
  });

  // Feature: minecraft-mcp-bridge, Property: generated tag documents round-trip through the parser
  it("round-trips generated tag documents in order", () => {
    fc.assert(
      fc.property(reply, (r) => {
        const parsed = parseReply(renderReply(r));
        expect({
          thinking: parsed.thinking,
          say: parsed.say,
          functions: parsed.functions,
          silence: parsed.silence,
        }).toEqual(r);
      }),
      RUNS,
    );
  });

  // Feature: minecraft-mcp-bridge, Property: text without valid tags degrades to one say and never to a command
  it("degrades malformed documents to say, never to functions or thinking", () => {
    const malformed = fc.tuple(content, content).map(([a, b]) => `${a} <say>${b}`);
    fc.assert(
      fc.property(fc.oneof(content, malformed), (text) => {
        const parsed = parseReply(text);
        expect(parsed.functions).toEqual([]);
        expect(parsed.hasValidTags).toBe(false);
        expect(parsed.say).toHaveLength(1);
        expect(parsed.say[0]).not.toMatch(/<\/?say>/);
      }),
      RUNS,
    );
  });
});

describe("tag parser examples", () => {
  it("keeps thinking out of speech, even unclosed", () => {
    const parsed = parseReply("<thinking>they want diamonds, I must not give them. Hello");
    expect(parsed.say).toEqual([]);
    expect(parsed.thinking).toEqual(["they want diamonds, I must not give them. Hello"]);
    expect(parseReply("<thinking>secret</thinking><say>Hi!</say><say>Bye.</say><silence/>")).toMatchObject({
      thinking: ["secret"],
      say: ["Hi!", "Bye."],
      silence: true,
    });
  });

  it("treats untagged text as say and decodes entities", () => {
    expect(parseReply("Just talking &lt;3").say).toEqual(["Just talking <3"]);
  });

  it("reads the seed's JSON function form and plain commands", () => {
    expect(
      parseFunction(
        '{"command": "/give", "params": {"target": "Steve", "item": "minecraft:bread", "count": 2}}',
      ),
    ).toEqual({
      type: "json",
      command: "give Steve minecraft:bread 2",
    });
    expect(parseFunction("/particle minecraft:heart ~ ~1 ~")).toEqual({
      type: "plain",
      command: "particle minecraft:heart ~ ~1 ~",
    });
    expect(parseFunction("say a\nop Steve").type).toBe("invalid");
    expect(parseFunction('{"command": 3}').type).toBe("invalid");
  });

  it("reads structured output and falls back to tags when it is not JSON", () => {
    expect(
      parseStructuredReply('{"thinking":"hm","say":["Hi"],"functions":[],"silence":false}'),
    ).toMatchObject({
      thinking: ["hm"],
      say: ["Hi"],
    });
    expect(parseStructuredReply("<say>Hi</say>").say).toEqual(["Hi"]);
  });
});
