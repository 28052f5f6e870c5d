// Prints a Claude Desktop style "mcpServers" entry that runs the MCP server over stdio with the
// environment scripts/up started (Redis, job secret, policy). Paths are this checkout's.
import { fileURLToPath } from "node:url";

const main = fileURLToPath(new URL("../../mcp/dist/main.js", import.meta.url));
const env = {
  REDIS_URL: process.env.REDIS_URL,
  JOB_SECRET: process.env.JOB_SECRET,
  POLICY_FILE: process.env.POLICY_FILE,
  MCP_SERVERS: process.env.MC_SERVER_ID ?? "default",
  MCP_CLIENT_ID: "desktop",
};
const config = { mcpServers: { minecraft: { command: "node", args: [main], env } } };
process.stdout.write(
  `${JSON.stringify(config, null, 2)
    .split("\n")
    .map((l) => `    ${l}`)
    .join("\n")}\n`,
);
