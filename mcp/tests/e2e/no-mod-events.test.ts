/**
 * Events from a server WITHOUT the mod, end to end: devserver --no-mod writes logs/latest.log and
 * serves the Server Management Protocol; the built bridge tails the log and listens to the
 * protocol; a real MCP client reads the events through get_events, wait_for_events and
 * notifications, and sees which source delivers what in get_server_info.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, ok, sim, watchEvents } from "../../../shared/testing/game.js";
import { type Stack, startStack } from "../../../shared/testing/stack.js";

interface Ev {
  type: string;
  player: string;
  source: string;
  data: Record<string, unknown>;
  untrustedPlayerText?: string;
}

describe("events without the mod: log tail + management protocol", () => {
  let stack: Stack;
  let http: Client;
  beforeAll(async () => {
    stack = await startStack({ noMod: true, withLog: true, withManagement: true });
    http = await stack.httpClient();
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it("get_server_info says which source is active and what each delivers", async () => {
    await expect
      .poll(async () => JSON.stringify((await ok(http, "get_server_info")).eventSources), { timeout: 20_000 })
      .toMatch(/"source":"management","active":true/);
    const info = await ok(http, "get_server_info");
    const sources = info.eventSources as { source: string; active: boolean; types: string[] }[];
    expect(sources.find((s) => s.source === "mod")).toMatchObject({ active: false, types: [] });
    const log = sources.find((s) => s.source === "log");
    expect(log?.active).toBe(true);
    // The order of the types is the source table's (bridge/src/sources/source-table.ts), not a contract.
    expect([...(log?.types ?? [])].sort()).toEqual([
      "player_chat",
      "player_death",
      "player_join",
      "player_quit",
    ]);
    // The log wins joins and quits; the management protocol adds what only it has.
    expect(sources.find((s) => s.source === "management")).toMatchObject({
      active: true,
      types: ["server_status"],
    });
    const ready = (await (await fetch(`${stack.bridgeUrl}/readyz`)).json()) as {
      checks: Record<string, { eventSources?: unknown }>;
    };
    expect(JSON.stringify(ready.checks[`events:${stack.serverId}`])).toMatch(/"source":"log","active":true/);
  });

  it("serves chat, join, quit and death from the log by cursor, by long-poll and as notifications", async () => {
    const { start, notes, waiting } = await watchEvents(http, ["player_chat"], 20);
    await sim(
      stack,
      "sim chat Alex <Steve> Notch joined the game",
      "sim join Notch",
      "sim die Notch fall",
      "sim quit Notch",
    );
    const waited = await waiting;
    expect(waited.isError, waited.text).toBe(false);
    const chat = (waited.data.events as Ev[])[0]!;
    expect(chat).toMatchObject({ type: "player_chat", player: "Alex", source: "log" });
    expect(chat.untrustedPlayerText).toBe("<Steve> Notch joined the game");
    await expect
      .poll(
        async () =>
          ((await ok(http, "get_events", { cursor: start.nextCursor, limit: 50 })).events as Ev[]).length,
        {
          timeout: 15_000,
        },
      )
      .toBeGreaterThanOrEqual(4);
    const page = (await ok(http, "get_events", { cursor: start.nextCursor, limit: 50 })).events as Ev[];
    expect(page.map((e) => [e.type, e.player, e.source])).toEqual([
      ["player_chat", "Alex", "log"],
      ["player_join", "Notch", "log"],
      ["player_death", "Notch", "log"],
      ["player_quit", "Notch", "log"],
    ]);
    expect(page[2]!.data).toMatchObject({ cause: "fall" });
    await expect.poll(() => notes.join("\n"), { timeout: 10_000 }).toMatch(/Notch/);
  });

  it("answers at once that block breaks need the mod instead of waiting", async () => {
    const started = Date.now();
    const result = await call(http, "wait_for_events", { types: ["block_break"], timeoutSeconds: 60 });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(result.data).toMatchObject({ events: [], timedOut: false, unavailableTypes: ["block_break"] });
    expect(result.text).toMatch(/no active event source .* delivers block_break/);
  });
});

describe("events without the mod: management protocol alone", () => {
  let stack: Stack;
  let http: Client;
  beforeAll(async () => {
    stack = await startStack({ noMod: true, withManagement: true });
    http = await stack.httpClient();
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it("delivers joins and quits with UUIDs, live", async () => {
    await expect
      .poll(async () => JSON.stringify((await ok(http, "get_server_info")).eventSources), { timeout: 20_000 })
      .toMatch(/"source":"management","active":true,"types":\["player_join","player_quit","server_status"\]/);
    const start = await ok(http, "get_events", { limit: 1 });
    const waiting = call(http, "wait_for_events", {
      cursor: start.nextCursor,
      types: ["player_quit"],
      timeoutSeconds: 20,
    });
    await sim(stack, "sim join Herobrine", "sim quit Herobrine");
    expect((await waiting).isError).toBe(false);
    const page = (
      await ok(http, "get_events", { cursor: start.nextCursor, types: ["player_join", "player_quit"] })
    ).events as Ev[];
    expect(page.map((e) => [e.type, e.player, e.source])).toEqual([
      ["player_join", "Herobrine", "management"],
      ["player_quit", "Herobrine", "management"],
    ]);
    expect(page[0]!.data.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const chat = await call(http, "wait_for_events", { types: ["player_chat"], timeoutSeconds: 60 });
    expect(chat.data).toMatchObject({ unavailableTypes: ["player_chat"], timedOut: false });
  });
});
