import { z } from "zod";
import { defineTool, filenameArg, gameFilePath, READ_ONLY, serverArg } from "./tool-kit.js";

export const calculateRamTool = defineTool({
  name: "calculate_ram",
  title: "Calculate a script's RAM",
  description:
    "The in-game RAM cost (GB) of a script on a server, as the game computes it (Remote API calculateRam).",
  input: z.strictObject({ filename: filenameArg, server: serverArg }),
  output: z.object({ server: z.string(), filename: z.string(), ramGb: z.number() }),
  annotations: READ_ONLY,
  async run({ filename, server }, ctx) {
    const { api } = ctx;
    const path = await gameFilePath(ctx, server, filename, "script");
    const ramGb = await api.calculateRam(server, path);
    return {
      text: `${path} on ${server} needs ${ramGb} GB of RAM.`,
      structured: { server, filename: path, ramGb },
    };
  },
});
