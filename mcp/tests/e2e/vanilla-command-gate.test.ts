/**
 * Issue 11 item 3, end to end without the mod (devserver --no-mod, so nothing in the game refuses
 * anything): a real MCP client's execute_command with control or invisible characters, look-alikes,
 * chaining tokens or over-long text is refused by the command gate (PERMISSION_DENIED /
 * INVALID_ARGS) even for a role whose pattern is `.*`, and the devserver's log shows none of them
 * ran, while a plain `say` with the same kind of marker does. The refusal shows the command escaped.
 */
import { randomBytes } from "node:crypto";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, ok } from "../../../shared/testing/game.js";
import { hostileSayCommands } from "../../../shared/testing/hostile-commands.js";
import { until } from "../../../shared/testing/processes.js";
import { type Stack, startStack } from "../../../shared/testing/stack.js";

describe("e2e without the mod: the command gate refuses what the mod would refuse", () => {
  const marker = `gate${randomBytes(4).toString("hex")}`;
  let stack: Stack;
  let http: Client;

  beforeAll(async () => {
    stack = await startStack({ noMod: true });
    http = await stack.httpClient();
  });
  afterAll(async () => stack?.stop());

  it("runs a plain say, and the devserver's log shows it (so the log would show a refused one)", async () => {
    await ok(http, "execute_command", { command: `say ${marker}-control plain text` });
    await until(() => stack.devserver.log().includes(`${marker}-control plain text`), "the say in the log");
  });

  it.each(hostileSayCommands(marker).map((c) => [c.name, c] as const))(
    "refuses %s for a role allowed '.*', and it never reaches the server",
    async (_name, hostile) => {
      const outcome = await call(http, "execute_command", { command: hostile.command });
      expect(outcome.isError, outcome.text).toBe(true);
      expect(outcome.text).toMatch(new RegExp(`^${hostile.code}: `));
      expect(outcome.text, "the refusal shows the command escaped").toMatch(/^[\x20-\x7e\n]*$/);
      const index = hostile.command.split(" ")[1]!;
      expect(stack.devserver.log()).not.toContain(index);
    },
  );

  it("lets none of the refused commands run at all", async () => {
    await ok(http, "execute_command", { command: `say ${marker}-after` });
    await until(() => stack.devserver.log().includes(`${marker}-after`), "the last say in the log");
    const ran = stack.devserver
      .log()
      .split("\n")
      .filter((line) => line.includes(marker) && !/-(control|after)\b/.test(line));
    expect(ran).toEqual([]);
  });
});
