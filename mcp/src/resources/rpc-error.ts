/**
 * JSON-RPC errors of resource requests, sent by the SDK as they are (code, message, data). Not the
 * SDK's McpError: its message already starts "MCP error <code>: ", and the client adds that prefix
 * again when it wraps the reply ("MCP error -32002: MCP error -32002: ...").
 */

/** The spec's "resource not found". */
export const RESOURCE_NOT_FOUND = -32002;
/** JSON-RPC "invalid params": a URI that names nothing that can exist. */
export const INVALID_PARAMS = -32602;

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}
