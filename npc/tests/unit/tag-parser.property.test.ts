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

  it("reads structured output inside a ```json fence, and never says raw JSON", () => {
    const fenced = '```json\n{"say":["Hi Steve"],"functions":[],"silence":false}\n```';
    expect(parseStructuredReply(fenced)).toMatchObject({ say: ["Hi Steve"], functions: [] });
    expect(parseStructuredReply(`Here you go:\n${fenced}`).say).toEqual(["Hi Steve"]);
    // Cut by the output cap: nothing parses, and the JSON is not spoken either.
    expect(parseStructuredReply('{"say":["Hi Ste', { truncated: true }).say).toEqual([]);
    expect(parseStructuredReply('```json\n{"say":["Hi').say).toEqual([]);
  });

  it("says a <say> the output cap cut, up to the cut; never runs a cut <function>", () => {
    const cut =
      "<thinking>greet</thinking><function>particle minecraft:heart ~ ~1 ~</function><say>Hello Steve, welcome to";
    expect(parseReply(cut).say).toEqual([]);
    expect(parseReply(cut, { truncated: true }).say).toEqual(["Hello Steve, welcome to..."]);
    const both = "<say>Take this.</say><function>give Steve minecraft:diamond";
    expect(parseReply(both, { truncated: true })).toMatchObject({ say: ["Take this."], functions: [] });
    expect(parseReply("<say>Hi</say><think>I could say <say>more", { truncated: true }).say).toEqual(["Hi"]);
  });
});

describe("tool tags", () => {
  it("reads <tool name=...> calls in order, with their arguments as written", () => {
    const parsed = parseReply(
      `<tool name="get_player_info">{"player":"Steve"}</tool><TOOL name='get_online_players'></TOOL><say>hi</say>`,
    );
    expect(parsed.tools).toEqual([
      { name: "get_player_info", args: '{"player":"Steve"}' },
      { name: "get_online_players", args: "" },
    ]);
    expect(parsed.say).toEqual(["hi"]);
  });

  it("never reads a tool call from reasoning, and an unclosed one is not a call", () => {
    expect(parseReply('<think><tool name="get_player_info">{}</tool></think><say>x</say>').tools).toEqual([]);
    expect(parseReply('<say>x</say><tool name="get_player_info">{"player":"Steve"}').tools).toEqual([]);
  });

  it("reads a structured answer's tools as [{name, arguments}]", () => {
    const parsed = parseStructuredReply(
      '{"say": [], "functions": [], "silence": false, "tools": [{"name": "get_server_info", "arguments": {}}]}',
    );
    expect(parsed.tools).toEqual([{ name: "get_server_info", args: "{}" }]);
  });
});
