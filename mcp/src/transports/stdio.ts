/**
 * The Minecraft MCP server over stdio (the shared transport). Identity comes from MCP_CLIENT_ID,
 * which must be a client of the policy; subscription from MCP_EVENT_TYPES/PLAYERS.
 */
import { BridgeError } from "@mcp-bridge/shared";
import { serveStdio } from "@mcp-bridge/shared/mcp-stdio";
import type { ServerDeps } from "../deps.js";
import { Subscription } from "../events/subscription.js";
import { createServer } from "../server.js";

export interface StdioOptions {
  clientId: string | undefined;
  eventTypes: string[];
  eventPlayers: string[];
}

export async function startStdio(
  deps: ServerDeps,
  options: StdioOptions,
): Promise<{ close(): Promise<void> }> {
  if (!options.clientId) {
    throw new BridgeError("AUTH_FAILED", "MCP_CLIENT_ID must name a client of the policy file for stdio");
  }
  deps.access.identity(options.clientId);
  const subscription = Subscription.parse(options.eventTypes.join(","), options.eventPlayers.join(","));
  return serveStdio(createServer(deps, { clientId: options.clientId, subscription }));
}
