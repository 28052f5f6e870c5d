// Prints a starter policy (JSON) for scripts/up and scripts/deploy/make-secrets: an admin client
// reached over HTTP with MCP_TOKEN, and a "desktop" client for stdio. Tokens are stored only as sha256
// hashes. The admin's raw commands are the mod's safe default allow-list (single named targets, no
// NBT, no operator items, teleports inside the world): without the mod the policy is the only gate.
// Wider patterns are the owner's explicit choice: edit the written file.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";

const defaults = JSON.parse(
  readFileSync(new URL("../../shared/vectors/defaults/allowed-commands.json", import.meta.url), "utf8"),
);

// The player helper gets every typed game tool, never raw commands: the reads by `get_*` (every read
// tool is named so) and each write, an operation with a command vector (shared/vectors/command.<op>.json,
// one per write operation; both rules are held to the descriptors by shared/tests/unit/operation-descriptors.test.ts).
const writeTools = readdirSync(new URL("../../shared/vectors/", import.meta.url))
  .map((file) => /^command\.([a-z_]+)\.json$/.exec(file)?.[1])
  .filter((name) => name !== undefined && name !== "execute_command");
const eventTools = ["wait_for_events", "search_events", "subscribe_events"];

const token = process.env.MCP_TOKEN;
if (!token) throw new Error("MCP_TOKEN is required");
const policy = {
  roles: {
    admin: { tools: ["*"], commands: defaults.patterns, players: ["*"], rateLimit: { perMinute: 6000 } },
    player_helper: {
      tools: ["get_*", ...writeTools, ...eventTools],
      commands: [],
      players: ["*"],
      rateLimit: { perMinute: 120 },
    },
    observer: {
      tools: ["get_*", ...eventTools],
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
