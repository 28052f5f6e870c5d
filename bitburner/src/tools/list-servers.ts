import { z } from "zod";
import { GameServerSchema } from "../game/remote-api.js";
import { defineTool, READ_ONLY } from "./tool-kit.js";

export const listServersTool = defineTool({
  name: "list_servers",
  title: "List servers",
  description:
    "Lists every in-game server the player knows: hostname, whether the player has admin (root) rights, " +
    "and whether the player bought it (Remote API getAllServers).",
  input: z.strictObject({}),
  output: z.object({ servers: z.array(GameServerSchema), count: z.number().int() }),
  annotations: READ_ONLY,
  async run(_args, { api }) {
    const servers = await api.getAllServers();
    const lines = servers.map(
      (s) => `${s.hostname}${s.hasAdminRights ? " [root]" : ""}${s.purchasedByPlayer ? " [purchased]" : ""}`,
    );
    return {
      text: `${servers.length} servers:\n${lines.join("\n")}`,
      structured: { servers, count: servers.length },
      log: { count: servers.length },
    };
  },
});
