import { z } from "zod";
import { defineTool, filenameArg, gameFilePath, serverArg } from "./tool-kit.js";

export const deleteFileTool = defineTool({
  name: "delete_file",
  title: "Delete a file",
  description:
    "Deletes a script or text file from an in-game server (Remote API deleteFile). A running script " +
    "cannot be deleted. Programs (.exe) and other game files are out of reach on purpose.",
  input: z.strictObject({ filename: filenameArg, server: serverArg }),
  output: z.object({ server: z.string(), filename: z.string(), deleted: z.literal(true) }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  async run({ filename, server }, ctx) {
    const { api } = ctx;
    const path = await gameFilePath(ctx, server, filename);
    await api.deleteFile(server, path);
    return { text: `Deleted ${path} on ${server}.`, structured: { server, filename: path, deleted: true } };
  },
});
