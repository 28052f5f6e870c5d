/**
 * Reasoning blocks out of an LLM's answer. In: any text. Out: the text without its reasoning, and
 * the reasoning (for debug logs only). Reasoning models write their chain of thought as
 * <think>, <thinking> or <reasoning> (any case, with attributes): what is inside may quote tags,
 * plan commands or repeat secrets from the prompt, so nothing in it may be said or run.
 * - A block ends at the closing tag of ITS name, counting nested blocks of that name; any other tag
 *   inside (</say>, <function>, </thinking> inside <think>) is reasoning too.
 * - A block never closed runs to the end of the answer (a model cut off mid-thought, or one that
 *   opened reasoning inside <say>).
 * - A closing tag with no opening one means the reasoning began before the answer did (templates
 *   that put <think> in the prompt, e.g. DeepSeek-R1's): everything before it is dropped.
 * A removed block leaves a space, so the text on both sides cannot join into a new tag.
 */

/** Opening (group 2 = name, group 3 = attributes) and closing (group 1 = "/") reasoning tags. */
const reasoningTags = () => /<(\/?)\s*(think|thinking|reasoning)(?![\w:-])([^<>]*)>/gi;

export interface Stripped {
  text: string;
  reasoning: string[];
}

export function stripReasoning(raw: string): Stripped {
  const reasoning: string[] = [];
  let out = "";
  let pos = 0;
  const tags = reasoningTags();
  for (let tag = tags.exec(raw); tag !== null; tag = tags.exec(raw)) {
    const before = raw.slice(pos, tag.index);
    const name = (tag[2] ?? "").toLowerCase();
    if (tag[1] === "/") {
      reasoning.push(out + before);
      out = " ";
      pos = tags.lastIndex;
      continue;
    }
    out += `${before} `;
    if ((tag[3] ?? "").trimEnd().endsWith("/")) {
      pos = tags.lastIndex; // <think/>: an empty block
      continue;
    }
    const inside = tags.lastIndex;
    const end = blockEnd(raw, tags, name);
    reasoning.push(raw.slice(inside, end?.start ?? raw.length));
    if (end === undefined) return { text: out, reasoning: clean(reasoning) };
    pos = end.after;
    tags.lastIndex = end.after;
  }
  return { text: out + raw.slice(pos), reasoning: clean(reasoning) };
}

/** Where the block of `name` opened just before `tags.lastIndex` closes, or undefined if never. */
function blockEnd(raw: string, tags: RegExp, name: string): { start: number; after: number } | undefined {
  let depth = 1;
  for (let tag = tags.exec(raw); tag !== null; tag = tags.exec(raw)) {
    if ((tag[2] ?? "").toLowerCase() !== name) continue;
    if (tag[1] === "/") depth--;
    else if (!(tag[3] ?? "").trimEnd().endsWith("/")) depth++;
    if (depth === 0) return { start: tag.index, after: tags.lastIndex };
  }
  return undefined;
}

function clean(parts: string[]): string[] {
  return parts.map((p) => p.trim()).filter((p) => p !== "");
}
