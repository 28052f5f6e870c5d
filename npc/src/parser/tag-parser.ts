/**
 * The LLM's answer -> what the NPC says and does (the tags <say>, <function>, <silence/>) and the
 * reads it asks for (<tool name="...">{json arguments}</tool>, run by actions/tool-calls.ts). In: any
 * text. Out: say lines, function blocks, silence, and the reasoning (debug logs only). Never throws.
 * Reasoning (<think>, <thinking>, <reasoning>, parser/reasoning.ts) is removed first, so nothing
 * inside it is ever said or run. Tags match in any case and may carry attributes. Several tags of
 * each kind are kept in order. An answer without any valid tag degrades to one `say` of its text,
 * with tag marks stripped: functions only ever come from a well-formed <function> block.
 * An answer the server cut (its output cap, `truncated`) may end inside a <say>: that line is said
 * up to the cut, ending in "..."; a <function> cut open is never run.
 */
import { stripReasoning } from "./reasoning.js";

export interface ParsedReply {
  /** Reasoning the model wrote or the structured answer's `thinking`: logged, never said or run. */
  thinking: string[];
  say: string[];
  functions: string[];
  /** Reads the model asked for: a tool name and its arguments as written (JSON, checked later). */
  tools: ToolRequest[];
  silence: boolean;
  hasValidTags: boolean;
}

export interface ToolRequest {
  name: string;
  args: string;
}

/** Any say, function or silence tag, opening or closing (group 1 "/", 2 name, 3 attributes). */
const TAG_MARK = /<(\/?)(say|function|tool|silence)(?![\w:-])([^<>]*)>/gi;
const STRAY_TAG = /<\/?\s*(?:say|function|tool|silence)(?![\w:-])[^<>]*>/gi;
/** A <tool> tag's name attribute (double or single quotes). */
const TOOL_NAME = /\sname\s*=\s*(?:"([^"]*)"|'([^']*)')/i;

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

export interface ParseOptions {
  /** The server cut the answer (done_reason / finish_reason "length"). */
  truncated?: boolean;
}

export function parseReply(raw: string, options: ParseOptions = {}): ParsedReply {
  const stripped = stripReasoning(typeof raw === "string" ? raw : "");
  const { reasoning } = stripped;
  const text = options.truncated ? closeCutSpeech(stripped.text) : stripped.text;
  const reply: ParsedReply = {
    thinking: reasoning.map(decodeEntities),
    say: [],
    functions: [],
    tools: [],
    silence: false,
    hasValidTags: false,
  };
  for (const element of elements(text)) {
    reply.hasValidTags = true;
    if (element.kind === "silence") {
      reply.silence = true;
      continue;
    }
    if (element.kind === "tool") {
      reply.tools.push({ name: element.name, args: decodeEntities(element.content.trim()) });
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

/** The cut an answer ends with, when it is inside an open <say>: closed after the cut mark. */
function closeCutSpeech(text: string): string {
  let last: RegExpMatchArray | undefined;
  for (const m of text.matchAll(TAG_MARK)) last = m;
  if (!last || last[1] === "/" || last[2]?.toLowerCase() !== "say") return text;
  return `${text.trimEnd()}...</say>`;
}

type Mark = { kind: "open" | "close" | "silence"; name: string; start: number; end: number; attrs: string };
type Element =
  | { kind: "say" | "function"; content: string }
  | { kind: "tool"; name: string; content: string }
  | { kind: "silence" };

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
      if (!slash && /^(?:\s[^<>]*)?\/\s*$/.test(attrs))
        marks.push({ kind: "silence", name, start, end, attrs });
    } else if (slash) {
      if (/^\s*$/.test(attrs)) marks.push({ kind: "close", name, start, end, attrs });
    } else if (/^(?:\s[^<>]*)?$/.test(attrs) && !attrs.endsWith("/")) {
      marks.push({ kind: "open", name, start, end, attrs });
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
    const content = text.slice(mark.end, (marks[close] as Mark).start);
    if (mark.name === "tool") {
      const m = TOOL_NAME.exec(mark.attrs);
      yield { kind: "tool", name: (m?.[1] ?? m?.[2] ?? "").trim(), content };
    } else yield { kind: mark.name as "say" | "function", content };
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

/** The JSON inside a Markdown code fence (```json ... ```), which models add despite the format. */
const FENCE = /```[a-zA-Z]*[^\S\n]*\n?([\s\S]*?)```/;

function parseObject(text: string): Record<string, unknown> | undefined {
  for (const candidate of [text, FENCE.exec(text)?.[1]]) {
    if (candidate === undefined) continue;
    try {
      const value: unknown = JSON.parse(candidate);
      if (value !== null && typeof value === "object" && !Array.isArray(value))
        return value as Record<string, unknown>;
    } catch {
      // next candidate
    }
  }
  return undefined;
}

/**
 * A structured-output answer ({thinking, say, functions, silence} as JSON, bare or in a ```json
 * fence) as a ParsedReply. Reasoning before the JSON (a reasoning model under a format constraint)
 * is removed first. An answer that is not such an object is read as tags; but one that began as
 * JSON and does not parse (cut by the output cap, or broken) says nothing: raw JSON is never said.
 */
export function parseStructuredReply(raw: string, options: ParseOptions = {}): ParsedReply {
  const { text, reasoning } = stripReasoning(typeof raw === "string" ? raw : "");
  const v = parseObject(text.trim());
  if (!v) {
    const json = /^\s*(?:\{|```)/.test(text);
    if (!json) return parseReply(raw, options);
    return { thinking: reasoning, say: [], functions: [], tools: [], silence: false, hasValidTags: false };
  }
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
    tools: toolRequests(v.tools),
    silence: v.silence === true,
    hasValidTags: true,
  };
}

/** The structured answer's `tools`: [{name, arguments}], arguments kept as JSON text like a tag's. */
function toolRequests(value: unknown): ToolRequest[] {
  if (!Array.isArray(value)) return [];
  return value.map((t) => {
    const call = (t ?? {}) as { name?: unknown; arguments?: unknown };
    return {
      name: typeof call.name === "string" ? call.name.trim() : "",
      args: call.arguments === undefined ? "" : JSON.stringify(call.arguments),
    };
  });
}

/** JSON schema for the structured-output mode (Ollama `format`, OpenAI `response_format`). */
export const REPLY_JSON_SCHEMA = {
  type: "object",
  properties: {
    thinking: { type: "string" },
    say: { type: "array", items: { type: "string" } },
    functions: { type: "array", items: { type: "string" } },
    tools: {
      type: "array",
      items: {
        type: "object",
        properties: { name: { type: "string" }, arguments: { type: "object" } },
        required: ["name"],
      },
    },
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
