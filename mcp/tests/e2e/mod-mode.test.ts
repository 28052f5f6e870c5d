/**
 * End to end, mod mode: a real MCP Client over HTTP and over stdio -> MCP server -> Redis (BullMQ)
 * -> bridge -> RCON -> devserver running the real mod core; and devserver events -> bridge ->
 * Redis Stream -> MCP (get_events, wait_for_events, notifications).
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, ok, sim, watchEvents, withNobodyOnline } from "../../../shared/testing/game.js";
import { type Stack, startStack } from "../../../shared/testing/stack.js";

const GAME_TOOLS = [
  "execute_command",
  "send_message",
  "teleport_player",
  "give_item",
  "get_online_players",
  "get_player_info",
  "get_server_info",
  "get_world_info",
];

describe("e2e with the mod", () => {
  let stack: Stack;
  let http: Client;

  beforeAll(async () => {
    stack = await startStack({ allow: ["say .*", "time query .*"] });
    http = await stack.httpClient();
  });
  afterAll(async () => stack?.stop());

  it("lists every game, event and job tool over HTTP", async () => {
    const { tools } = await http.listTools();
    const names = tools.map((t) => t.name);
    for (const t of [...GAME_TOOLS, "get_job", "get_events", "wait_for_events", "subscribe_events"]) {
      expect(names).toContain(t);
    }
  });

  it("runs every game tool against the devserver over HTTP", async () => {
    expect((await ok(http, "get_online_players")).players).toEqual(expect.arrayContaining(["Steve", "Alex"]));
    const info = await ok(http, "get_server_info");
    expect(info.version).toEqual(expect.any(String));
    expect(info.onlinePlayers).toBeGreaterThanOrEqual(2);
    const tp = await ok(http, "teleport_player", { player: "Steve", x: 10.5, y: 70, z: -4.5 });
    expect(tp.location).toMatchObject({ x: 10.5, y: 70, z: -4.5 });
    const before = await ok(http, "get_player_info", { player: "Steve" });
    expect(before.location).toMatchObject({ x: 10.5, y: 70, z: -4.5 });
    const gave = await ok(http, "give_item", { player: "Steve", item: "minecraft:diamond", quantity: 70 });
    expect(gave.quantity).toBe(70);
    const after = await ok(http, "get_player_info", { player: "Steve" });
    const diamonds = (after.inventory as { type: string; quantity: number }[])
      .filter((s) => s.type === "minecraft:diamond")
      .reduce((n, s) => n + s.quantity, 0);
    expect(diamonds).toBe(70);
    expect((await ok(http, "send_message", { message: "hello Steve", target: "Steve" })).recipients).toEqual([
      "Steve",
    ]);
    expect((await ok(http, "execute_command", { command: "say e2e says hi" })).output).toEqual(
      expect.any(String),
    );
    const world = await ok(http, "get_world_info", { x: 0, y: 64, z: 0, radius: 2 });
    expect((world.palette as unknown[]).length).toBeGreaterThan(0);
  });

  it("answers an unknown player with PLAYER_NOT_FOUND and who is online", async () => {
    const outcome = await call(http, "get_player_info", { player: "Herobrine" });
    expect(outcome.isError).toBe(true);
    expect(outcome.text).toMatch(/PLAYER_NOT_FOUND/);
    expect(outcome.text).toMatch(/Steve/);
  });

  it("refuses a command outside the role's patterns and a tool outside the role", async () => {
    const observer = await stack.httpClient(stack.observerToken);
    const denied = await call(observer, "give_item", {
      player: "Steve",
      item: "minecraft:dirt",
      quantity: 1,
    });
    expect(denied.isError).toBe(true);
    expect(denied.text).toMatch(/PERMISSION_DENIED/);
  });

  it("says a refusal by the mod's allow-list is the mod's, not the admin's role", async () => {
    const refused = await call(http, "execute_command", { command: "op Steve" });
    expect(refused.text).toMatch(/^PERMISSION_DENIED: Command 'op Steve' is refused/);
    expect(refused.text).toMatch(
      /Hint: The Minecraft server's mod refused this command with its own allow-list/,
    );
    expect(refused.text).toContain("config/minecraft-mcp-bridge.toml");
    expect(refused.text).not.toMatch(/your role does not allow/i);
  });

  it("serves game events by cursor, by long-poll, and as notifications", async () => {
    const { start, notes, waiting } = await watchEvents(http, ["player_chat"], 15);
    await sim(stack, "sim chat Alex hello from e2e", "sim join Notch", "sim break Notch 1 60 1");
    const waited = await waiting;
    expect(waited.isError, waited.text).toBe(false);
    expect(JSON.stringify(waited.data)).toMatch(/hello from e2e/);
    // The join and the break may be stored a moment after the chat: read until they are there.
    const typesAfterStart = async () => {
      const page = await ok(http, "get_events", { cursor: start.nextCursor, limit: 50 });
      return (page.events as { type?: string; eventType?: string }[]).map((e) => e.eventType ?? e.type);
    };
    await expect
      .poll(typesAfterStart, { timeout: 10_000 })
      .toEqual(expect.arrayContaining(["player_chat", "player_join", "block_break"]));
    await expect.poll(() => notes.join("\n"), { timeout: 10_000 }).toMatch(/Notch/);
  });

  it("works over stdio with the same tools and events", async () => {
    const stdio = await stack.stdioClient();
    const names = (await stdio.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(GAME_TOOLS));
    expect((await ok(stdio, "get_online_players")).players).toEqual(expect.arrayContaining(["Steve"]));
    const gave = await ok(stdio, "give_item", { player: "Alex", item: "minecraft:bread", quantity: 3 });
    expect(gave.quantity).toBe(3);
    const events = await ok(stdio, "get_chat_history", {});
    expect(JSON.stringify(events)).toMatch(/hello from e2e/);
  });

  it("over stdio, a JOB_SECRET that differs from the bridge's is named as such, not as a bearer token", async () => {
    const stdio = await stack.stdioClient({ JOB_SECRET: "a-different-job-secret-0123456789" });
    const refused = await call(stdio, "get_online_players");
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/^AUTH_FAILED: Job signature does not match/);
    expect(refused.text).toMatch(/Hint: .*JOB_SECRET differs between this MCP server and the bridge/);
    expect(refused.text).not.toMatch(/bearer/i);
  });

  it("runs execute_command 'list' with nobody online as a success (a result of 0 is not an error)", async () => {
    const list = await withNobodyOnline(stack, http, () => ok(http, "execute_command", { command: "list" }));
    expect(list.output).toMatch(/^There are 0 of a max of \d+ players online/);
  });
});
