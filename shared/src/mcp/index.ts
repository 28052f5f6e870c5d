/** MCP transports shared by our MCP servers (mcp, bitburner): Streamable HTTP with bearer auth, stdio. */
export * from "./http.js";
export * from "./http-auth.js";
export { DEFAULT_SESSION_LIMITS, MAX_INITIALIZE_BYTES, SessionTable, WARM_LIMIT } from "./http-sessions.js";
export * from "./invalid-args.js";
export * from "./stdio.js";
