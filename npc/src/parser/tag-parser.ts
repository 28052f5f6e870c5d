/**
 * The LLM's answer -> what the NPC says and does (the tags <say>, <function>, <silence/>). In: any
 * text. Out: say lines, function blocks, silence, and the reasoning (debug logs only). Never throws.
 * Reasoning (<think>, <thinking>, <reasoning>, parser/reasoning.ts) is removed first, so nothing
 * inside it is ever said or run. Tags match in any case and may carry attributes. Several tags of
 * each kind are kept in order. An answer without any valid tag degrades to one `say` of its text,
 * with tag marks stripped: functions only ever come from a well-formed <function> block.
 */
import { stripReasoning } from "./reasoning.js";

export interface ParsedReply {
  /** Reasoning the model wrote or the structured answer's `thinking`: logged, never said or run. */
  thinking: string[];
  say: string[];
  functions: string[];
  silence: boolean;
  hasValidTags: boolean;
}

/** Any say, function or silence tag, opening or closing (group 1 "/", 2 name, 3 attributes). */
const TAG_MARK = /<(\/?)(say|function|silence)(?![\w:-])([^<>]*)>/gi;
const STRAY_TAG = /<\/?\s*(?:say|function|silence)(?![\w:-])[^<>]*>/gi;

const ENTITIES: Record<string, string> = {
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&apos;": "'",
  "&amp;": "&",
};

export function decodeEntities(text: string): string {
  return text.replace(/&(?:lt|gt|quot|apos|amp);/g, (e) => ENTITIES[e] ?? e);
}

export function parseReply(raw: string): ParsedReply {
  const { text, reasoning } = stripReasoning(typeof raw === "string" ? raw : "");
  const reply: ParsedReply = {
    thinking: reasoning.map(decodeEntities),
    say: [],
    functions: [],
    silence: false,
    hasValidTags: false,
  };
  for (const element of elements(text)) {
    reply.hasValidTags = true;
    if (element.kind === "silence") {
      reply.silence = true;
      continue;
    }
    const content = decodeEntities(element.content.trim());
    if (!content) continue;
    if (element.kind === "say") pushSpeech(reply.say, content);
    else reply.functions.push(content);
  }
  if (!reply.hasValidTags) pushSpeech(reply.say, decodeEntities(text.replace(STRAY_TAG, " ")));
  return reply;
}

type Mark = { kind: "open" | "close" | "silence"; name: string; start: number; end: number };
type Element = { kind: "say" | "function"; content: string } | { kind: "silence" };

/**
 * The well-formed elements in order: <say>...</say> and <function>...</function> (each up to the
 * first close of its name; attributes allowed on the opening tag, none ending in "/"), and
 * <silence/>. An opening tag never closed is skipped. One pass over the tags, not a lazy regex per
 * opening tag: a 50 KB answer of unclosed <say> tags took a third of a second that way.
 */
function* elements(text: string): Generator<Element> {
  const marks: Mark[] = [];
  for (const m of text.matchAll(TAG_MARK)) {
    const [all, slash, rawName = "", attrs = ""] = m;
    const name = rawName.toLowerCase();
    const start = m.index;
    const end = start + all.length;
    if (name === "silence") {
      if (!slash && /^(?:\s[^<>]*)?\/\s*$/.test(attrs)) marks.push({ kind: "silence", name, start, end });
    } else if (slash) {
      if (/^\s*$/.test(attrs)) marks.push({ kind: "close", name, start, end });
    } else if (/^(?:\s[^<>]*)?$/.test(attrs) && !attrs.endsWith("/")) {
      marks.push({ kind: "open", name, start, end });
    }
  }
  const nextClose = new Map<string, number>(); // name -> index of its next close mark
  const closeAfter: (number | undefined)[] = new Array(marks.length);
  for (let i = marks.length - 1; i >= 0; i--) {
    const mark = marks[i] as Mark;
    if (mark.kind === "open") closeAfter[i] = nextClose.get(mark.name);
    if (mark.kind === "close") nextClose.set(mark.name, i);
  }
  for (let i = 0; i < marks.length; i++) {
    const mark = marks[i] as Mark;
    if (mark.kind === "silence") yield { kind: "silence" };
    const close = closeAfter[i];
    if (mark.kind !== "open" || close === undefined) continue;
    const kind = mark.name as "say" | "function";
    yield { kind, content: text.slice(mark.end, (marks[close] as Mark).start) };
    i = close;
  }
}

/** Speech once more without reasoning: an entity-escaped <think> decodes into one. */
function pushSpeech(say: string[], text: string): void {
  const spoken = stripReasoning(text).text.trim();
  if (spoken) say.push(spoken);
}

/** The tag document of a reply (used for history, tests and the structured-output path). */
export function renderReply(reply: Pick<ParsedReply, "thinking" | "say" | "functions" | "silence">): string {
  const parts = [
    ...reply.thinking.map((t) => `<thinking>${t}</thinking>`),
    ...reply.say.map((s) => `<say>${s}</say>`),
    ...reply.functions.map((f) => `<function>${f}</function>`),
  ];
  if (reply.silence) parts.push("<silence/>");
  return parts.join("\n");
}

/**
 * A structured-output answer ({thinking, say, functions, silence} as JSON) as a ParsedReply.
 * Reasoning before the JSON (a reasoning model under a format constraint) is removed first.
 */
export function parseStructuredReply(raw: string): ParsedReply {
  const { text, reasoning } = stripReasoning(typeof raw === "string" ? raw : "");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return parseReply(raw);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return parseReply(raw);
  const v = value as Record<string, unknown>;
  const strings = (x: unknown) =>
    (Array.isArray(x) ? x : typeof x === "string" ? [x] : [])
      .filter((s): s is string => typeof s === "string" && s.trim() !== "")
      .map((s) => s.trim());
  const say: string[] = [];
  for (const line of strings(v.say)) pushSpeech(say, line);
  return {
    thinking: [...reasoning, ...strings(v.thinking)],
    say,
    functions: strings(v.functions),
    silence: v.silence === true,
    hasValidTags: true,
  };
}

/** JSON schema for the structured-output mode (Ollama `format`, OpenAI `response_format`). */
export const REPLY_JSON_SCHEMA = {
  type: "object",
  properties: {
    thinking: { type: "string" },
    say: { type: "array", items: { type: "string" } },
    functions: { type: "array", items: { type: "string" } },
    silence: { type: "boolean" },
  },
  required: ["say", "functions", "silence"],
} as const;

export type FunctionCall = { type: "plain" | "json"; command: string } | { type: "invalid"; reason: string };

/**
 * One <function> block as a command line: plain text ("/give @p minecraft:map 1") or the seed's
 * JSON form {"command": "/give", "params": {...}} whose param values follow the verb in order.
 */
export function parseFunction(block: string): FunctionCall {
  const text = block.trim();
  if (text.startsWith("{")) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return { type: "invalid", reason: `function JSON does not parse: ${(error as Error).message}` };
    }
    const v = value as { command?: unknown; params?: unknown };
    if (typeof v?.command !== "string" || !v.command.trim()) {
      return { type: "invalid", reason: "function JSON needs a string 'command'" };
    }
    const params =
      v.params && typeof v.params === "object" && !Array.isArray(v.params) ? Object.values(v.params) : [];
    if (params.some((p) => typeof p !== "string" && typeof p !== "number" && typeof p !== "boolean")) {
      return { type: "invalid", reason: "function params must be strings, numbers or booleans" };
    }
    const command = [v.command.trim().replace(/^\//, ""), ...params.map(String)].join(" ");
    return oneLine(command, "json");
  }
  return oneLine(text.replace(/^\//, ""), "plain");
}

function oneLine(command: string, type: "plain" | "json"): FunctionCall {
  if (!command) return { type: "invalid", reason: "empty command" };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  if (/[\u0000-\u001f\u007f]/.test(command))
    return { type: "invalid", reason: "a command is one line without control characters" };
  return { type, command };
}
