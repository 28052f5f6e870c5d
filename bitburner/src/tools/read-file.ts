import { z } from "zod";
import { defineTool, filenameArg, gameFilePath, offsetArg, page, READ_ONLY, serverArg } from "./tool-kit.js";

const READ_LIMIT_DEFAULT = 50_000;
const READ_LIMIT_MAX = 1_048_576;

export const readFileTool = defineTool({
  name: "read_file",
  title: "Read a file",
  description:
    "Reads a script or text file from an in-game server (Remote API getFile). Long files come in pages: " +
    "when nextOffset is not null, call again with offset = nextOffset.",
  input: z.strictObject({
    filename: filenameArg,
    server: serverArg,
    offset: offsetArg.describe("First character to return (0-based)"),
    limit: z
      .number()
      .int()
      .min(1)
      .max(READ_LIMIT_MAX)
      .default(READ_LIMIT_DEFAULT)
      .describe(`Most characters to return (default ${READ_LIMIT_DEFAULT})`),
  }),
  output: z.object({
    server: z.string(),
    filename: z.string(),
    content: z.string(),
    offset: z.number().int(),
    length: z.number().int().describe("Length of the whole file in characters"),
    nextOffset: z.number().int().nullable(),
  }),
  annotations: READ_ONLY,
  async run({ filename, server, offset, limit }, ctx) {
    const { api } = ctx;
    const path = await gameFilePath(ctx, server, filename);
    const text = await api.getFile(server, path);
    const { content, nextOffset } = page(text, offset, limit);
    const more =
      nextOffset === null
        ? ""
        : `\n[... ${text.length - nextOffset} more characters: call again with offset ${nextOffset}]`;
    return {
      text: `${content}${more}`,
      structured: { server, filename: path, content, offset, length: text.length, nextOffset },
      log: { chars: text.length },
    };
  },
});
