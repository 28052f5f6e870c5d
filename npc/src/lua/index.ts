/** The NPC service's Lua scripts (the files next to this one). */
import { loadScript } from "@mcp-bridge/shared";

export const ROUTE_ENTRIES = loadScript(import.meta.url, "route-entries");
export const REPLACE_OLDER_HISTORY = loadScript(import.meta.url, "replace-older-history");
