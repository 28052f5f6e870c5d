// Prints a Claude Desktop style "mcpServers" entry that runs one of our MCP servers over stdio.
// Paths are this checkout's.
//   node scripts/lib/desktop-config.mjs             Minecraft: the environment scripts/up started
//                                                    (Redis, job secret, policy)
//   node scripts/lib/desktop-config.mjs bitburner   Bitburner: no policy file (the local client may use
//                                                    every tool), listening on BITBURNER_RPC_URL
import { fileURLToPath } from "node:url";

const servers = {
  minecraft: () => ({
    main: "../../mcp/dist/main.js",
    env: {
      REDIS_URL: process.env.REDIS_URL,
      JOB_SECRET: process.env.JOB_SECRET,
      POLICY_FILE: process.env.POLICY_FILE,
      MCP_SERVERS: process.env.MC_SERVER_ID ?? "default",
      MCP_CLIENT_ID: "desktop",
    },
  }),
  bitburner: () => ({
    main: "../../bitburner/dist/main.js",
    env: { BITBURNER_RPC_URL: process.env.BITBURNER_RPC_URL ?? "ws://127.0.0.1:12525" },
  }),
};

const name = process.argv[2] ?? "minecraft";
const { main, env } = servers[name]();
const args = [fileURLToPath(new URL(main, import.meta.url))];
const config = { mcpServers: { [name]: { command: "node", args, env } } };
process.stdout.write(
  `${JSON.stringify(config, null, 2)
    .split("\n")
    .map((l) => `    ${l}`)
    .join("\n")}\n`,
);
