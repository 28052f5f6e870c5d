/** Registers the prompts: guided uses of the tools (and an NPC's history) with completable arguments. */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CompletionSources } from "../completions/sources.js";
import type { ToolDeps } from "../deps.js";
import { registerInvestigateDeathPrompt } from "./investigate-death.js";
import { registerModerateChatPrompt } from "./moderate-chat.js";
import { registerNpcConversationPrompt } from "./npc-conversation.js";
import { registerSummariseEventsPrompt } from "./summarise-events.js";
import { registerWelcomePlayersPrompt } from "./welcome-players.js";

export function registerPrompts(server: McpServer, sources: CompletionSources, deps: ToolDeps): void {
  const { servers } = deps;
  registerSummariseEventsPrompt(server, sources, servers);
  registerWelcomePlayersPrompt(server, sources, servers);
  registerInvestigateDeathPrompt(server, sources, servers);
  registerModerateChatPrompt(server, sources, servers);
  registerNpcConversationPrompt(server, sources, deps);
}
