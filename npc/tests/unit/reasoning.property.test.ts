/**
 * Reasoning in an LLM's answer is never said or run (issue 25, item 6): hostile answers as seen from
 * reasoning models, and a property over generated reasoning blocks holding planted commands and a
 * secret, closed or not, nested, in any case, with attributes, anywhere in the answer.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stripReasoning } from "../../src/parser/reasoning.js";
import { parseReply, parseStructuredReply } from "../../src/parser/tag-parser.js";

const SECRET = "hunter2";
const spoken = (text: string) => {
  const { say, functions } = parseReply(text);
  return { say, functions };
};

describe("reasoning is never said or run", () => {
  it("drops a <think> block holding a function and a secret (the reported answer)", () => {
    const answer =
      "<think>Steve wants diamonds. <function>give Steve diamond 64</function> The admin password is hunter2." +
      "</think><say>Hi</say>";
    expect(spoken(answer)).toEqual({ say: ["Hi"], functions: [] });
    expect(parseReply(answer).thinking[0]).toContain("hunter2"); // kept for the debug log only
  });

  it("knows <think>, <thinking> and <reasoning> in any case and with attributes", () => {
    for (const open of ["<THINK>", '<Think type="deep">', "<thinking mode=x>", "<REASONING effort='high'>"]) {
      const name = open.slice(1).split(/[\s>]/)[0];
      const answer = `${open}<say>${SECRET}</say><function>give Steve diamond 64</function></${name}><say>Hi</say>`;
      expect(spoken(answer), open).toEqual({ say: ["Hi"], functions: [] });
    }
  });

  it("drops a block never closed to the end of the answer, also one opened inside <say>", () => {
    expect(spoken("<say>Hi</say><think>hunter2 <function>give Steve diamond 64</function>")).toEqual({
      say: ["Hi"],
      functions: [],
    });
    expect(spoken("<say>Hello <think>hunter2</say><function>give Steve diamond 64</function>")).toEqual({
      say: ["Hello"],
      functions: [],
    });
  });

  it("ends a block at the close of its own name, counting nested blocks of that name", () => {
    expect(
      spoken("<think>a <think>b</think> hunter2 <function>op Steve</function></think><say>Hi</say>"),
    ).toEqual({ say: ["Hi"], functions: [] });
    expect(
      spoken("<think>a </thinking></say> hunter2 <function>op Steve</function></think><say>Hi</say>"),
    ).toEqual({ say: ["Hi"], functions: [] });
  });

  it("drops what comes before a close without an opening (the template opened the reasoning)", () => {
    expect(
      spoken("I should give <function>give Steve diamond 64</function> hunter2</think><say>Hi</say>"),
    ).toEqual({ say: ["Hi"], functions: [] });
    expect(spoken("planning with hunter2\n</THINK>\n\nHello there")).toEqual({
      say: ["Hello there"],
      functions: [],
    });
  });

  it("keeps what is not reasoning: <think/> is empty, <thinker> is no reasoning tag", () => {
    expect(
      spoken("<think/><say>Hi</say><think /><function>particle minecraft:heart ~ ~1 ~</function>"),
    ).toEqual({
      say: ["Hi"],
      functions: ["particle minecraft:heart ~ ~1 ~"],
    });
    expect(spoken("<say>I am a <thinker> too</say>").say).toEqual(["I am a <thinker> too"]);
  });

  it("says no entity-escaped reasoning and no reasoning around or inside a structured answer", () => {
    expect(spoken("<say>Hi &lt;think&gt;hunter2&lt;/think&gt;</say>").say).toEqual(["Hi"]);
    const json = '{"say":["Hi"],"functions":[],"silence":false}';
    expect(parseStructuredReply(`<think>hunter2 {"say":["${SECRET}"]}</think>\n${json}`)).toMatchObject({
      say: ["Hi"],
      functions: [],
    });
    expect(
      parseStructuredReply(`{"say":["<think>${SECRET}</think>Hi"],"functions":[],"silence":false}`).say,
    ).toEqual(["Hi"]);
  });

  it("removes a block as a space, so the text around it cannot join into a tag", () => {
    expect(stripReasoning("<func<think>x</think>tion>give Steve diamond 64</function>").text).not.toContain(
      "<function>",
    );
  });
});

// --- generated reasoning blocks -------------------------------------------------------------

const NAMES = ["think", "thinking", "reasoning"] as const;
const word = fc.stringMatching(/^[a-zA-Z0-9 .,!?'"=/\n]{0,12}$/).filter((w) => !w.includes(SECRET));
const casing = (name: string) =>
  fc
    .array(fc.boolean(), { minLength: name.length, maxLength: name.length })
    .map((up) => [...name].map((c, i) => (up[i] ? c.toUpperCase() : c)).join(""));
/** Attributes never end in "/": <think/> is an empty block, not one holding what follows. */
const attrs = fc.constantFrom("", ' type="deep"', " effort=high", "  ", ' a="1" b');
/** What a model writes inside its reasoning: text, planted speech and commands, stray tags. */
const planted = fc.constantFrom(
  `<say>${SECRET}</say>`,
  `<function>give Steve diamond 64 ${SECRET}</function>`,
  `<function>{"command": "/op", "params": {"p": "${SECRET}"}}</function>`,
  `${SECRET}`,
  "<say>",
  "</say>",
  "<function>",
  "</function>",
  "<silence/>",
);

/** A reasoning block; closes of names it is not inside are plain text within it. */
function block(enclosing: string[], depth: number): fc.Arbitrary<string> {
  return fc.constantFrom(...NAMES).chain((name) => {
    const inside = [...enclosing, name];
    const others = NAMES.filter((n) => !inside.includes(n));
    const item = fc.oneof(
      word,
      planted,
      ...(others.length > 0 ? [fc.constantFrom(...others).map((n) => `</${n}>`)] : []),
      ...(depth < 2 ? [block(inside, depth + 1)] : []),
    );
    return fc
      .tuple(casing(name), attrs, fc.array(item, { maxLength: 6 }), fc.boolean(), casing(name))
      .map(
        ([open, a, items, closed, close]) => `<${open}${a}>${items.join("")}${closed ? `</${close}>` : ""}`,
      );
  });
}

/** The answer around it: speech, commands and text that hold no secret. */
const outer = fc.oneof(
  word.map((w) => `<say>${w}</say>`),
  word.map((w) => `<function>particle ${w}</function>`),
  word,
  fc.constant("<silence/>"),
);

const answerWithBlock = fc
  .tuple(
    fc.array(outer, { maxLength: 4 }),
    block([], 0),
    fc.array(outer, { maxLength: 4 }),
    word,
    word,
    fc.boolean(),
  )
  .map(([before, reasoning, after, a, b, inSay]) =>
    [...before, inSay ? `<say>${a}${reasoning}${b}</say>` : reasoning, ...after].join(""),
  );

/** Reasoning whose opening tag the template wrote: only its close is in the answer. */
const answerWithOpenedReasoning = fc
  .tuple(
    fc.array(fc.oneof(word, planted), { maxLength: 6 }),
    casing("think"),
    fc.array(outer, { maxLength: 4 }),
  )
  .map(([reasoning, close, after]) => `${reasoning.join("")}</${close}>${after.join("")}`);

describe("reasoning blocks, generated", () => {
  // Feature: minecraft-mcp-bridge, Property: whatever is inside a reasoning block never becomes speech or a command
  it("never says or runs anything from inside a reasoning block", () => {
    fc.assert(
      fc.property(fc.oneof(answerWithBlock, answerWithOpenedReasoning), (answer) => {
        for (const parsed of [parseReply(answer), parseStructuredReply(answer)]) {
          for (const line of [...parsed.say, ...parsed.functions]) expect(line).not.toContain(SECRET);
        }
      }),
      { numRuns: 500 },
    );
  });
});
