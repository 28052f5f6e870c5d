/** Names that exist in every vanilla game: what MCP completions offer for item arguments. */
export { ITEM_IDS } from "./item-ids.js";
