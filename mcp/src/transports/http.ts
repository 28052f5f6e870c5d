/**
 * The Minecraft MCP server over Streamable HTTP (the shared transport). A session's event
 * subscription comes from X-MCP-Events / X-MCP-Players or ?events= / ?players= on the initialize
 * request.
 */
import type { Policy } from "@mcp-bridge/shared";
import { first, type HttpOptions, type RunningHttp, startHttp as serveHttp } from "@mcp-bridge/shared/mcp";
import type { ServerDeps } from "../deps.js";
import { Subscription } from "../events/subscription.js";
import { createServer } from "../server.js";

export type { HttpOptions, RunningHttp };

export function startHttp(
  deps: ServerDeps,
  policy: () => Policy,
  options: HttpOptions,
): Promise<RunningHttp> {
  return serveHttp(policy, options, (client, req) => {
    const subscription = Subscription.parse(
      first(req.headers["x-mcp-events"]) ?? first(req.query.events),
      first(req.headers["x-mcp-players"]) ?? first(req.query.players),
    );
    // Built now and again whenever the session wakes; the context carries its state in between.
    const session = { clientId: client.id, subscription, resourceSubscriptions: new Set<string>() };
    return () => createServer(deps, session);
  });
}
