import { z } from "zod";
import { defineTool, offsetArg, READ_ONLY, serverArg } from "./tool-kit.js";

const ALL_FILES_BUDGET_DEFAULT = 100_000;

export const getAllFilesTool = defineTool({
  name: "get_all_files",
  title: "Get all files with content",
  description:
    "Returns the files of a server with their content (Remote API getAllFiles), a page at a time: files " +
    "from `offset` until `maxChars` characters of content are used. A file longer than that is cut " +
    "(truncated: true); read it with read_file. When nextOffset is not null, call again with it.",
  input: z.strictObject({
    server: serverArg,
    offset: offsetArg.describe("Index of the first file to return (0-based)"),
    maxChars: z
      .number()
      .int()
      .min(1000)
      .max(500_000)
      .default(ALL_FILES_BUDGET_DEFAULT)
      .describe(`Content characters per page (default ${ALL_FILES_BUDGET_DEFAULT})`),
  }),
  output: z.object({
    server: z.string(),
    total: z.number().int(),
    offset: z.number().int(),
    files: z.array(
      z.object({
        filename: z.string(),
        content: z.string(),
        length: z.number().int(),
        truncated: z.boolean(),
      }),
    ),
    nextOffset: z.number().int().nullable(),
  }),
  annotations: READ_ONLY,
  async run({ server, offset, maxChars }, { api }) {
    const all = await api.getAllFiles(server);
    const files = [];
    let used = 0;
    let next = offset;
    while (next < all.length) {
      const f = all[next]!;
      const room = maxChars - used;
      if (files.length > 0 && f.content.length > room) break;
      const truncated = f.content.length > room;
      const content = truncated ? f.content.slice(0, room) : f.content;
      files.push({ filename: f.filename, content, length: f.content.length, truncated });
      used += content.length;
      next++;
    }
    const nextOffset = next < all.length ? next : null;
    const text = [
      `${all.length} files on ${server}; files ${offset}..${next - 1}${nextOffset === null ? "" : `, more from offset ${nextOffset}`}:`,
      ...files.map(
        (f) =>
          `--- ${f.filename}${f.truncated ? ` (first ${f.content.length} of ${f.length} characters)` : ""}\n${f.content}`,
      ),
    ].join("\n");
    return {
      text,
      structured: { server, total: all.length, offset, files, nextOffset },
      log: { count: files.length, chars: used },
    };
  },
});
