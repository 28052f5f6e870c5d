/** Registers the prompts: guided uses of the tools with completable arguments. */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CompletionSources } from "../completions/sources.js";
import { registerInvestigateDeathPrompt } from "./investigate-death.js";
import { registerModerateChatPrompt } from "./moderate-chat.js";
import { registerSummariseEventsPrompt } from "./summarise-events.js";
import { registerWelcomePlayersPrompt } from "./welcome-players.js";

export function registerPrompts(server: McpServer, sources: CompletionSources, servers: string[]): void {
  registerSummariseEventsPrompt(server, sources, servers);
  registerWelcomePlayersPrompt(server, sources, servers);
  registerInvestigateDeathPrompt(server, sources, servers);
  registerModerateChatPrompt(server, sources, servers);
}
