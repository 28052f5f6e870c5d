/** Public surface of the Bitburner MCP server package. */
export * from "./game/file-path.js";
export * from "./game/game-errors.js";
export * from "./game/game-link.js";
export * from "./game/remote-api.js";
