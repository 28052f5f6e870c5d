// Prints a starter policy (JSON) for scripts/up: an admin client reached over HTTP with MCP_TOKEN,
// and a "desktop" client for stdio. Tokens are stored only as sha256 hashes.
import { createHash } from "node:crypto";

const token = process.env.MCP_TOKEN;
if (!token) throw new Error("MCP_TOKEN is required");
const policy = {
  roles: {
    admin: { tools: ["*"], commands: [".*"], players: ["*"], rateLimit: { perMinute: 6000 } },
    player_helper: {
      tools: [
        "get_*",
        "send_message",
        "give_item",
        "teleport_player",
        "wait_for_events",
        "search_events",
        "subscribe_events",
      ],
      commands: [],
      players: ["*"],
      rateLimit: { perMinute: 120 },
    },
    observer: {
      tools: ["get_*", "wait_for_events", "search_events", "subscribe_events"],
      commands: [],
      players: ["*"],
    },
  },
  clients: [
    { id: "local-admin", role: "admin", tokenSha256: createHash("sha256").update(token).digest("hex") },
    { id: "desktop", role: "admin" },
  ],
};
process.stdout.write(`${JSON.stringify(policy, null, 2)}\n`);
