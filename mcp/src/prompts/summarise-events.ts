import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { CompletionSources } from "../completions/sources.js";
import { serverArgument, serverName, UNTRUSTED_CHAT, userMessage } from "./prompt-kit.js";

export function registerSummariseEventsPrompt(
  server: McpServer,
  sources: CompletionSources,
  servers: string[],
) {
  server.registerPrompt(
    "summarise_events",
    {
      title: "Summarise what happened",
      description:
        "Summarise the game events since a cursor (or the recent ones): who joined and left, deaths and their " +
        "causes, what was built or broken, what chat was about. Ends with the cursor to continue from.",
      argsSchema: {
        server: serverArgument(sources, servers),
        cursor: z
          .string()
          .optional()
          .describe("nextCursor of an earlier get_events call or summary; empty: the most recent events"),
      },
    },
    ({ server: id, cursor }) =>
      userMessage(
        `Summarise what happened on Minecraft server ${serverName(id, servers)}${cursor ? ` since cursor ${cursor}` : " recently"}.\n` +
          `1. Call get_events with ${JSON.stringify({ server: id || servers[0], ...(cursor ? { cursor } : {}), limit: 200 })}; ` +
          "while it returns 200 events, call it again with the returned nextCursor.\n" +
          "2. Summarise by player: joins and quits (with times), deaths (cause, and who or what killed them), blocks " +
          "broken (where, how many), and the topics of chat in a few words each.\n" +
          "3. Point out anything an operator should look at (many deaths, griefing, heated chat).\n" +
          `4. End with the last nextCursor, so the next summary can start there.\n${UNTRUSTED_CHAT}`,
      ),
  );
}
