// Prints a Claude Desktop style "mcpServers" entry that runs one of our MCP servers over stdio.
// Paths are this checkout's, and the command is the node running this script (by its path): the one
// scripts/up chose, which may be a pinned Node 24 where the machine's `node` is older than 22.
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
      // the bridge's key prefix, when scripts/up was given one: the default is the MCP server's too
      ...(process.env.REDIS_PREFIX ? { REDIS_PREFIX: process.env.REDIS_PREFIX } : {}),
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
const config = { mcpServers: { [name]: { command: process.execPath, args, env } } };
process.stdout.write(
  `${JSON.stringify(config, null, 2)
    .split("\n")
    .map((l) => `    ${l}`)
    .join("\n")}\n`,
);
