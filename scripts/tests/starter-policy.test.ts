/**
 * Issue 11, item 4: the starter policy that scripts/up and scripts/deploy/make-secrets write is safe
 * for an owner who changes nothing. Without the mod it is the only gate, so its admin role's raw
 * commands are the mod's default allow-list (shared/vectors/defaults/allowed-commands.json, which the
 * Java tests check against CoreConfig.DEFAULT_ALLOWED_COMMANDS).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { OPERATIONS, Policy, TOOL_OPERATIONS } from "@mcp-bridge/shared";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url);
const vector = JSON.parse(
  readFileSync(new URL("shared/vectors/defaults/allowed-commands.json", root), "utf8"),
) as { patterns: string[]; allowed: string[]; refused: string[] };

function starterPolicy(): Policy {
  const run = spawnSync(process.execPath, [fileURLToPath(new URL("scripts/lib/make-policy.mjs", root))], {
    env: { ...process.env, MCP_TOKEN: "starter-policy-test-token" },
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`make-policy.mjs failed: ${run.stderr}`);
  return Policy.parse(JSON.parse(run.stdout));
}

const policy = starterPolicy();
const admin = policy.clientByToken("starter-policy-test-token")!;
const denial = (command: string) => {
  try {
    policy.authorize(admin, "execute_command", { command });
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

describe("the starter policy (scripts/lib/make-policy.mjs)", () => {
  it("gives the admin exactly the mod's default allow-list, not '.*'", () => {
    expect(admin.role).toBe("admin");
    expect(policy.role("admin")?.commands).toEqual(vector.patterns);
    for (const role of Object.values(policy.document.roles)) expect(role.commands).not.toContain(".*");
  });

  it.each(vector.refused)("refuses %s", (command) => {
    expect(denial(command)).toBe("PERMISSION_DENIED");
  });

  it.each(vector.allowed)("allows %s", (command) => {
    expect(denial(command)).toBeUndefined();
  });
});

describe("the starter policy's typed tools (issue 25 item 5)", () => {
  const helper = { id: "helper", role: "player_helper" };
  it.each(["minecraft:command_block", "barrier", "minecraft:debug_stick", "structure_block"])(
    "refuses give_item of the operator item %s, as the raw give is refused",
    (item) => {
      for (const client of [admin, helper]) {
        expect(() => policy.authorize(client, "give_item", { player: "Steve", item, quantity: 1 })).toThrow(
          /operator item/,
        );
      }
      expect(denial(`give Steve ${item} 1`)).toBe("PERMISSION_DENIED");
    },
  );
});

describe("the starter policy's roles over the game tools (from the descriptors)", () => {
  const allows = (role: string, tool: string) => {
    try {
      policy.authorize({ id: role, role }, tool, {});
      return true;
    } catch {
      return false;
    }
  };
  it.each(TOOL_OPERATIONS)(
    "%s: the player helper has every game tool but raw commands, the observer every read",
    (tool) => {
      expect(allows("admin", tool)).toBe(true);
      expect(allows("player_helper", tool)).toBe(tool !== "execute_command");
      expect(allows("observer", tool)).toBe(!OPERATIONS[tool].write);
    },
  );
});
