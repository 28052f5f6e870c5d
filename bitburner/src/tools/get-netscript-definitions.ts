/**
 * The game's NetscriptDefinitions.d.ts without ever returning all 300 KB at once: no arguments
 * gives the index of sections, `section` one declaration (paged), `search` the matching lines.
 */
import { BridgeError } from "@mcp-bridge/shared";
import { z } from "zod";
import { type IndexedDefinitions, lineOf, type Section, sectionAt } from "../definitions/sections.js";
import { defineTool, offsetArg, page, READ_ONLY } from "./tool-kit.js";

const SECTION_PAGE = 30_000;
const INDEX_PAGE = 300;
const SEARCH_PAGE = 50;

const SectionInfo = z.object({
  name: z.string(),
  kind: z.string(),
  line: z.number().int(),
  chars: z.number().int(),
});
const info = (s: Section) => ({ name: s.name, kind: s.kind, line: s.line, chars: s.end - s.start });

export const getNetscriptDefinitionsTool = defineTool({
  name: "get_netscript_definitions",
  title: "Netscript API definitions",
  description:
    "The game's TypeScript definitions of the Netscript API (NetscriptDefinitions.d.ts, about 300 KB), in " +
    "parts: without arguments, the index of its sections (interfaces, types, enums); with `section`, that " +
    "declaration (e.g. 'NS', 'Server'); with `search`, the lines containing the text. Pages with offset.",
  input: z.strictObject({
    section: z.string().min(1).max(200).optional().describe("Name of one declaration, e.g. 'NS'"),
    search: z.string().min(2).max(200).optional().describe("Text to look for (case-insensitive)"),
    offset: offsetArg.describe("Index page: first section; section: first character; search: first hit"),
  }),
  output: z.object({
    totalChars: z.number().int(),
    sections: z.array(SectionInfo).optional(),
    sectionCount: z.number().int().optional(),
    section: SectionInfo.optional(),
    content: z.string().optional(),
    matches: z
      .array(z.object({ line: z.number().int(), section: z.string().nullable(), text: z.string() }))
      .optional(),
    matchCount: z.number().int().optional(),
    nextOffset: z.number().int().nullable(),
  }),
  annotations: READ_ONLY,
  async run({ section, search, offset }, { definitions }) {
    if (section !== undefined && search !== undefined) {
      throw new BridgeError("INVALID_ARGS", "give either section or search, not both", {
        details: { field: "search" },
      });
    }
    const defs = await definitions.get();
    if (section !== undefined) return oneSection(defs, section, offset);
    if (search !== undefined) return searchLines(defs, search, offset);
    const sections = defs.sections.slice(offset, offset + INDEX_PAGE).map(info);
    const nextOffset = offset + INDEX_PAGE < defs.sections.length ? offset + INDEX_PAGE : null;
    return {
      text:
        `${defs.sections.length} sections, ${defs.text.length} characters. Ask for one with section=<name>.\n` +
        sections.map((s) => `${s.kind} ${s.name} (${s.chars} chars)`).join("\n") +
        (nextOffset === null ? "" : `\n[more: offset ${nextOffset}]`),
      structured: { totalChars: defs.text.length, sectionCount: defs.sections.length, sections, nextOffset },
    };
  },
});

function oneSection(defs: IndexedDefinitions, name: string, offset: number) {
  const found =
    defs.sections.find((s) => s.name === name) ??
    defs.sections.find((s) => s.name.toLowerCase() === name.toLowerCase());
  if (!found) {
    const near = defs.sections
      .filter((s) => s.name.toLowerCase().includes(name.toLowerCase()))
      .slice(0, 10)
      .map((s) => s.name);
    throw new BridgeError(
      "INVALID_ARGS",
      `no section '${name}' in the definitions${near.length ? `; similar: ${near.join(", ")}` : "; call without arguments for the index, or use search"}`,
      { details: { field: "section" } },
    );
  }
  const { content, nextOffset } = page(defs.text.slice(found.start, found.end), offset, SECTION_PAGE);
  return {
    text: content + (nextOffset === null ? "" : `\n[... continues: call again with offset ${nextOffset}]`),
    structured: { totalChars: defs.text.length, section: info(found), content, nextOffset },
  };
}

function searchLines(defs: IndexedDefinitions, needle: string, offset: number) {
  const haystack = defs.text.toLowerCase();
  const wanted = needle.toLowerCase();
  const hits: number[] = [];
  let lastLine = -1;
  for (let i = haystack.indexOf(wanted); i !== -1; i = haystack.indexOf(wanted, i + wanted.length)) {
    const line = lineOf(defs, i);
    if (line !== lastLine) hits.push(i);
    lastLine = line;
  }
  const matches = hits.slice(offset, offset + SEARCH_PAGE).map((i) => {
    const line = lineOf(defs, i);
    const start = defs.lineStarts[line - 1]!;
    const end = defs.text.indexOf("\n", start);
    return {
      line,
      section: sectionAt(defs, i)?.name ?? null,
      text: defs.text
        .slice(start, end === -1 ? undefined : end)
        .trim()
        .slice(0, 300),
    };
  });
  const nextOffset = offset + SEARCH_PAGE < hits.length ? offset + SEARCH_PAGE : null;
  return {
    text:
      `${hits.length} lines contain '${needle}'.\n` +
      matches.map((m) => `${m.line} [${m.section ?? "-"}] ${m.text}`).join("\n") +
      (nextOffset === null ? "" : `\n[more: offset ${nextOffset}]`),
    structured: { totalChars: defs.text.length, matches, matchCount: hits.length, nextOffset },
  };
}
