/**
 * The SDK's McpServer installs its own handlers for tools/list, tools/call, completion/complete, ...
 * and offers no public way to wrap one (setRequestHandler replaces it; assertCanSetRequestHandler
 * forbids a second). Our layers (invalid-args.ts, role-lists.ts) wrap them through the protocol's
 * handler map, which is not public API: this is the one place that reaches in, and tests in mcp/
 * pin the behaviour of each layer.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

export type SdkHandler = (request: unknown, extra: unknown) => Promise<unknown>;

function handlerMap(server: McpServer): Map<string, SdkHandler> | undefined {
  return (server.server as unknown as { _requestHandlers?: Map<string, SdkHandler> })._requestHandlers;
}

/**
 * Replaces the handler of `method` by `wrap(original)`; returns the original, or undefined (and
 * changes nothing) when the server has no handler for it (nothing of that kind was registered).
 */
export function wrapSdkHandler(
  server: McpServer,
  method: string,
  wrap: (original: SdkHandler) => SdkHandler,
): SdkHandler | undefined {
  const handlers = handlerMap(server);
  const original = handlers?.get(method);
  if (!handlers || !original) return undefined;
  handlers.set(method, wrap(original));
  return original;
}
