/** Registers every tool on a session's McpServer. */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolDeps } from "../deps.js";
import { registerExecuteCommandTool } from "./execute-command.js";
import { registerGetChatHistoryTool } from "./get-chat-history.js";
import { registerGetEventsTool } from "./get-events.js";
import { registerGetJobTool } from "./get-job.js";
import { registerGetOnlinePlayersTool } from "./get-online-players.js";
import { registerGetPlayerInfoTool } from "./get-player-info.js";
import { registerGetServerInfoTool } from "./get-server-info.js";
import { registerGetWorldInfoTool } from "./get-world-info.js";
import { registerGiveItemTool } from "./give-item.js";
import { registerSearchEventsTool } from "./search-events.js";
import { registerSendMessageTool } from "./send-message.js";
import { registerSubscribeEventsTool } from "./subscribe-events.js";
import { registerTeleportPlayerTool } from "./teleport-player.js";
import { registerWaitForEventsTool } from "./wait-for-events.js";

export const TOOL_NAMES = [
  "execute_command",
  "send_message",
  "teleport_player",
  "give_item",
  "get_online_players",
  "get_player_info",
  "get_server_info",
  "get_world_info",
  "get_job",
  "subscribe_events",
  "get_events",
  "wait_for_events",
  "get_chat_history",
  "search_events",
] as const;

export function registerTools(server: McpServer, deps: ToolDeps): void {
  registerExecuteCommandTool(server, deps);
  registerSendMessageTool(server, deps);
  registerTeleportPlayerTool(server, deps);
  registerGiveItemTool(server, deps);
  registerGetOnlinePlayersTool(server, deps);
  registerGetPlayerInfoTool(server, deps);
  registerGetServerInfoTool(server, deps);
  registerGetWorldInfoTool(server, deps);
  registerGetJobTool(server, deps);
  registerSubscribeEventsTool(server, deps);
  registerGetEventsTool(server, deps);
  registerWaitForEventsTool(server, deps);
  registerGetChatHistoryTool(server, deps);
  registerSearchEventsTool(server, deps);
}
