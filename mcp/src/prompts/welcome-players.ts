import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { CompletionSources } from "../completions/sources.js";
import { itemArgument, serverArgument, serverName, userMessage } from "./prompt-kit.js";

export function registerWelcomePlayersPrompt(
  server: McpServer,
  sources: CompletionSources,
  servers: string[],
) {
  server.registerPrompt(
    "welcome_players",
    {
      title: "Welcome players who join",
      description:
        "Wait for players to join and greet each one with a short private message, optionally with a starter item.",
      argsSchema: {
        server: serverArgument(sources, servers),
        greeting: z
          .string()
          .optional()
          .describe("What to say or the tone (default: a friendly one-line welcome)"),
        starter_item: itemArgument(
          sources,
          "Item id to give each new player, e.g. minecraft:bread (default: none)",
        ),
      },
    },
    ({ server: id, greeting, starter_item: item }) => {
      const serverId = id || servers[0];
      return userMessage(
        `Welcome players who join Minecraft server ${serverName(id, servers)}.\n` +
          `1. Call get_events with ${JSON.stringify({ server: serverId, types: ["player_join"], limit: 1 })} to get a ` +
          "starting cursor (its nextCursor).\n" +
          `2. Loop: call wait_for_events with ${JSON.stringify({ server: serverId, types: ["player_join"] })} and the ` +
          "cursor; use the returned nextCursor next time.\n" +
          `3. For each player who joined, call send_message with target set to that player and ${greeting ? `this greeting (adapted to the player): ${JSON.stringify(greeting)}` : "a friendly one-line welcome that uses their name"}.` +
          (item
            ? `\n4. Then call give_item with ${JSON.stringify({ server: serverId, item, quantity: 1 })} and player set to them.`
            : "") +
          "\nGreet each player once per join; say nothing in public chat.",
      );
    },
  );
}
