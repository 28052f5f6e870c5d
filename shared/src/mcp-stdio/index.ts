/**
 * The parts of ./mcp a stdio MCP server needs, without the Streamable HTTP stack (the HTTP front and
 * session transport): a stdio process, one per desktop client, then loads and garbage-collects a
 * fifth less heap (issue 18: many stdio processes).
 */
export * from "../mcp/invalid-args.js";
export * from "../mcp/lazy-validator.js";
export * from "../mcp/role-lists.js";
export * from "../mcp/stdio.js";
