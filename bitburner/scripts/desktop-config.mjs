// Prints a Claude Desktop style "mcpServers" entry that runs the Bitburner MCP server over stdio
// (no policy file: the local client may use every tool). Paths are this checkout's.
import { fileURLToPath } from "node:url";

const main = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const env = { BITBURNER_RPC_URL: process.env.BITBURNER_RPC_URL ?? "ws://127.0.0.1:12525" };
const config = { mcpServers: { bitburner: { command: "node", args: [main], env } } };
process.stdout.write(
  `${JSON.stringify(config, null, 2)
    .split("\n")
    .map((l) => `    ${l}`)
    .join("\n")}\n`,
);
