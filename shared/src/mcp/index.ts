/**
 * MCP pieces shared by our MCP servers (mcp, bitburner, the NPC operator tools): Streamable HTTP with
 * bearer auth, stdio, coded invalid-argument errors, lists that follow the caller's role.
 */
export * from "./http.js";
export * from "./http-auth.js";
export { sendJson } from "./http-reply.js";
export { DEFAULT_SESSION_LIMITS, MAX_INITIALIZE_BYTES, SessionTable, WARM_LIMIT } from "./http-sessions.js";
export * from "./invalid-args.js";
export * from "./role-lists.js";
export * from "./stdio.js";
