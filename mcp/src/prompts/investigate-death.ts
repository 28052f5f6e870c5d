import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CompletionSources } from "../completions/sources.js";
import { playerArgument, serverArgument, serverName, UNTRUSTED_CHAT, userMessage } from "./prompt-kit.js";

export function registerInvestigateDeathPrompt(
  server: McpServer,
  sources: CompletionSources,
  servers: string[],
) {
  server.registerPrompt(
    "investigate_death",
    {
      title: "Investigate a player's death",
      description: "Find out where a player last died, what killed them, and who was near at the time.",
      argsSchema: {
        server: serverArgument(sources, servers),
        player: playerArgument(sources, "The player who died"),
      },
    },
    ({ server: id, player }) => {
      const serverId = id || servers[0];
      return userMessage(
        `Investigate the last death of ${player} on Minecraft server ${serverName(id, servers)}.\n` +
          `1. Call get_events with ${JSON.stringify({ server: serverId, types: ["player_death"], players: [player], limit: 5 })}: ` +
          "the newest death gives the cause, the killer (if any) and the time.\n" +
          `2. Call get_events with server ${JSON.stringify(serverId)}, since = that time minus 60000 and until = that ` +
          "time plus 60000 (ms since epoch) to see who else was active: chat, block breaks, other deaths, joins, quits.\n" +
          `3. Call get_player_info for ${player} (position, dimension, health now) and get_online_players; for the ` +
          "players online, get_player_info tells how far they are from where the death happened.\n" +
          `4. Report: where and when, what killed ${player}, who was near, and whether it looks like an accident, ` +
          `a mob or another player.\n${UNTRUSTED_CHAT}`,
      );
    },
  );
}
