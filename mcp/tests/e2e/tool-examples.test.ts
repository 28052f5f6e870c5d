/**
 * Issue 11, item 4: every example a tool's description gives ("e.g. 'time set day'", "an id like
 * 'diamond'") works for an owner who changed nothing: the starter policy of scripts/up
 * (scripts/lib/make-policy.mjs) and the mod's default allow-list (the devserver runs the real mod
 * core with its defaults), in mod mode and in vanilla mode. The examples are read from the tool
 * list a real MCP Client receives, so a new example without a call here fails the test.
 */
import { spawnSync } from "node:child_process";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../../../shared/testing/game.js";
import { type Stack, startStack } from "../../../shared/testing/stack.js";
import { REPO } from "./support/processes.js";

/** Quoted examples introduced by "e.g." or "like", with their "or"/comma-separated siblings. */
export function examplesIn(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:e\.g\.|like)\s*((?:'[^']+'(?:\s*,\s*|\s+or\s+)?)+)/g)) {
    for (const q of m[1]!.matchAll(/'([^']+)'/g)) found.push(q[1]!);
  }
  return found;
}

/** How to call a tool with one of its examples. */
const CALLS: Record<string, (example: string) => Record<string, unknown>> = {
  execute_command: (command) => ({ command }),
  give_item: (item) => ({ player: "Alex", item, quantity: 1 }),
  teleport_player: (world) => ({ player: "Alex", x: 0.5, y: 70, z: 0.5, world }),
};

function starterAdminRole(): unknown {
  const run = spawnSync(process.execPath, [`${REPO}scripts/lib/make-policy.mjs`], {
    env: { ...process.env, MCP_TOKEN: "tool-examples-test" },
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`make-policy.mjs failed: ${run.stderr}`);
  return JSON.parse(run.stdout).roles.admin;
}

describe.each([
  { mode: "mod mode", noMod: false },
  { mode: "vanilla mode", noMod: true },
])("tool description examples under the defaults ($mode)", ({ noMod }) => {
  let stack: Stack;
  let http: Client;

  beforeAll(async () => {
    // The starter policy's admin role replaces the test stack's '.*' admin; no extra mod patterns.
    stack = await startStack({ noMod, policy: { roles: { admin: starterAdminRole() } } });
    http = await stack.httpClient();
  });
  afterAll(async () => stack?.stop());

  it("runs every example of every tool description", async () => {
    const { tools } = await http.listTools();
    const examples = tools.flatMap((tool) =>
      [
        tool.description ?? "",
        ...Object.values(tool.inputSchema.properties ?? {}).map((p) => JSON.stringify(p)),
      ]
        .flatMap(examplesIn)
        .map((example) => ({ tool: tool.name, example })),
    );
    expect(examples.map((e) => `${e.tool}: ${e.example}`)).toEqual(
      expect.arrayContaining(["execute_command: time set day", "give_item: diamond"]),
    );
    for (const { tool, example } of examples) {
      const args = CALLS[tool];
      if (!args)
        throw new Error(`${tool}'s description gives the example '${example}': add how to call it to CALLS`);
      const outcome = await call(http, tool, args(example));
      expect(outcome.isError, `${tool} '${example}' failed under the defaults: ${outcome.text}`).toBe(false);
    }
  });
});
