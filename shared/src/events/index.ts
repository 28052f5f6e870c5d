/** Reading the per-server event streams the bridge writes (mcp, npc). */
export * from "./event-record.js";
export * from "./group-reader.js";
export * from "./stream-reader.js";
