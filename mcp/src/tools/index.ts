/** Registers every tool on a session's McpServer: the game tools (from their descriptors), then jobs and events. */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolDeps } from "../deps.js";
import { registerGameTools } from "./game-operation.js";
import { registerGetChatHistoryTool } from "./get-chat-history.js";
import { registerGetEventsTool } from "./get-events.js";
import { registerGetJobTool } from "./get-job.js";
import { registerSearchEventsTool } from "./search-events.js";
import { registerSubscribeEventsTool } from "./subscribe-events.js";
import { registerWaitForEventsTool } from "./wait-for-events.js";

export function registerTools(server: McpServer, deps: ToolDeps): void {
  registerGameTools(server, deps);
  registerGetJobTool(server, deps);
  registerSubscribeEventsTool(server, deps);
  registerGetEventsTool(server, deps);
  registerWaitForEventsTool(server, deps);
  registerGetChatHistoryTool(server, deps);
  registerSearchEventsTool(server, deps);
}
