/**
 * Three devservers (server ids e2e, north, south, each with its own player) behind one bridge and
 * one MCP server. Generated operations and events must reach the server and stream they name
 * (docs/properties.md, #5), and generated events at a light rate must reach the MCP client within a generous
 * bound (property 4; the tight numbers are in docs/benchmarks.md, scripts/bench).
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, ok, simOn } from "../../../shared/testing/game.js";
import { type Stack, startStack } from "../../../shared/testing/stack.js";

const SERVERS = ["e2e", "north", "south"] as const;
const PLAYER: Record<string, string> = { e2e: "Anna", north: "Nora", south: "Sami" };
/** Generous: a loaded 2-core machine runs several suites at once. */
const FORWARD_BOUND_MS = 5000;

interface EventRecord {
  cursor: string;
  serverId: string;
  type: string;
  player: string;
  timestamp: number;
  untrustedPlayerText?: string;
}

describe("several servers behind one bridge", () => {
  let stack: Stack;
  let client: Client;
  const cursors: Record<string, string> = {};

  beforeAll(async () => {
    stack = await startStack({
      players: [PLAYER.e2e!],
      moreServers: [
        { id: "north", players: [PLAYER.north!] },
        { id: "south", players: [PLAYER.south!] },
      ],
    });
    client = await stack.httpClient();
    for (const s of SERVERS)
      cursors[s] = (
        (await ok(client, "get_events", { server: s, limit: 1 })) as { nextCursor: string }
      ).nextCursor;
  }, 180_000);
  afterAll(async () => stack?.stop());

  /** Says `text` as the server's player and waits for that chat event on the server's stream. */
  async function chatThrough(
    server: string,
    text: string,
  ): Promise<{ event: EventRecord; receivedAt: number }> {
    await simOn(stack.devservers[server]!, `sim chat ${PLAYER[server]} ${text}`);
    for (;;) {
      const page = (await ok(client, "wait_for_events", {
        server,
        cursor: cursors[server],
        types: ["player_chat"],
        timeoutSeconds: 10,
      })) as { events: EventRecord[]; nextCursor: string; timedOut: boolean };
      const receivedAt = Date.now();
      if (page.timedOut) throw new Error(`no chat event on '${server}' within 10 s for '${text}'`);
      cursors[server] = page.nextCursor;
      const event = page.events.find((e) => e.untrustedPlayerText === text);
      if (event) return { event, receivedAt };
    }
  }

  // Feature: minecraft-mcp-bridge, Property 5: Message routing correctness
  it("routes each generated operation to the server it names and each event to its server's stream", async () => {
    const sent: Record<string, string[]> = { e2e: [], north: [], south: [] };
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SERVERS),
        fc.constantFrom(...SERVERS),
        fc.constantFrom("players", "message", "event"),
        fc.stringMatching(/^[a-z]{1,10}$/),
        async (server, targetServer, kind, word) => {
          const text = `r${++run}-${word}`;
          if (kind === "players") {
            expect((await ok(client, "get_online_players", { server })).players).toEqual([PLAYER[server]]);
          } else if (kind === "message") {
            // A player is found only on the server that has them: the call went where it said.
            const result = await call(client, "send_message", {
              server,
              target: PLAYER[targetServer],
              message: text,
            });
            if (server === targetServer) expect(result.data.recipients).toEqual([PLAYER[server]]);
            else expect(result.text).toMatch(/^PLAYER_NOT_FOUND/);
          } else {
            const { event } = await chatThrough(server, text);
            expect(event).toMatchObject({ serverId: server, type: "player_chat", player: PLAYER[server] });
            sent[server]!.push(text);
          }
        },
      ),
      { numRuns: 100 },
    );
    // Each stream holds exactly the chat its own server produced, none of the others'.
    for (const server of SERVERS) {
      const page = (await ok(client, "get_events", { server, types: ["player_chat"], limit: 200 })) as {
        events: EventRecord[];
      };
      const texts = page.events.map((e) => e.untrustedPlayerText).filter((t) => t?.startsWith("r"));
      expect(texts).toEqual(sent[server]);
    }
  }, 300_000);

  // Feature: minecraft-mcp-bridge, Property 4: Message forwarding latency
  it("forwards generated events and tool calls in both directions within a generous bound", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SERVERS),
        fc.stringMatching(/^[a-zA-Z0-9]{1,40}$/),
        async (server, word) => {
          const text = `f${++run}-${word}`;
          // Minecraft -> MCP: from the game's timestamp to the MCP client holding the event.
          const { event, receivedAt } = await chatThrough(server, text);
          expect(receivedAt - event.timestamp).toBeLessThanOrEqual(FORWARD_BOUND_MS);
          // MCP -> Minecraft: a tool call that the game must answer.
          const started = Date.now();
          await ok(client, "send_message", { server, target: PLAYER[server], message: text });
          expect(Date.now() - started).toBeLessThanOrEqual(FORWARD_BOUND_MS);
          // Light rate: a pause between events (the benchmark measures the loaded case).
          await new Promise((r) => setTimeout(r, 20));
        },
      ),
      { numRuns: 100 },
    );
  }, 300_000);
});
