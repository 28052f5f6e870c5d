/**
 * Test support: the tools the MCP server lists, derived from the operation descriptors, so that a
 * new game tool changes no test.
 */
import { TOOL_OPERATIONS } from "@mcp-bridge/shared";

/** The tools that are not game operations: the job and event tools. */
const NON_GAME_TOOLS = [
  "get_job",
  "subscribe_events",
  "get_events",
  "wait_for_events",
  "get_chat_history",
  "search_events",
];

/** Every tool, sorted: what a role allowed "*" lists. */
export const ALL_TOOLS: readonly string[] = [...TOOL_OPERATIONS, ...NON_GAME_TOOLS].sort();

/** What the test policy's viewer role (get_*, subscribe_events, wait_for_events, search_events) lists, sorted. */
export const VIEWER_TOOLS: readonly string[] = ALL_TOOLS.filter(
  (name) =>
    name.startsWith("get_") || ["subscribe_events", "wait_for_events", "search_events"].includes(name),
);
