import { z } from "zod";
import { defineTool, filenameArg, gameFilePath, serverArg } from "./tool-kit.js";

export const writeFileTool = defineTool({
  name: "write_file",
  title: "Write a file",
  description:
    "Creates or replaces a script (.js .script; .jsx .ts .tsx from Bitburner 2.7.0) or text file " +
    "(.txt; .json from 2.6.1, .css from 3.0.0) on an in-game " +
    "server (Remote API pushFile). The content's size is limited (FILE_WRITE_MAX_BYTES and the role's maxWriteBytes).",
  input: z.strictObject({
    filename: filenameArg,
    content: z.string().describe("The whole new content of the file"),
    server: serverArg,
  }),
  output: z.object({
    server: z.string(),
    filename: z.string(),
    bytes: z.number().int(),
    result: z.literal("OK"),
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async run({ filename, content, server }, ctx) {
    const { api, access, client } = ctx;
    const path = await gameFilePath(ctx, server, filename);
    const bytes = access.checkWriteSize(client, content);
    await api.pushFile(server, path, content);
    return {
      text: `Wrote ${path} on ${server} (${bytes} bytes).`,
      structured: { server, filename: path, bytes, result: "OK" },
      log: { bytes },
    };
  },
});
