import { z } from "zod";
import { defineTool, READ_ONLY, serverArg } from "./tool-kit.js";

export const listFilesTool = defineTool({
  name: "list_files",
  title: "List files",
  description:
    "Lists the names of the scripts and text files on one in-game server (Remote API getFileNames).",
  input: z.strictObject({ server: serverArg }),
  output: z.object({ server: z.string(), files: z.array(z.string()), count: z.number().int() }),
  annotations: READ_ONLY,
  async run({ server }, { api }) {
    const files = await api.getFileNames(server);
    return {
      text:
        files.length === 0
          ? `No files on ${server}.`
          : `${files.length} files on ${server}:\n${files.join("\n")}`,
      structured: { server, files, count: files.length },
      log: { count: files.length },
    };
  },
});
