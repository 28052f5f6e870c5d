/** Drives the devserver's simulated players over RCON (the `sim ...` commands) and reads tool results. */

import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { RconClient } from "../src/rcon/index.js";
import type { RunningDevserver } from "./devserver.js";
import type { Stack } from "./stack.js";

export async function sim(stack: Stack, ...commands: string[]): Promise<string[]> {
  return simOn(stack.devserver, ...commands);
}

/** The same on one devserver of a stack with several (stack.devservers[serverId]). */
export async function simOn(devserver: RunningDevserver, ...commands: string[]): Promise<string[]> {
  const rcon = new RconClient({
    host: "127.0.0.1",
    port: devserver.rconPort,
    password: devserver.password,
    reconnect: { attempts: 0 },
  });
  await rcon.connect();
  try {
    const out: string[] = [];
    for (const c of commands) out.push(await rcon.command(c));
    return out;
  } finally {
    await rcon.close();
  }
}

export interface ToolOutcome {
  isError: boolean;
  text: string;
  data: Record<string, unknown>;
}

export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<ToolOutcome> {
  const result = await client.callTool({ name, arguments: args });
  const content = (result.content ?? []) as { type: string; text?: string }[];
  return {
    isError: result.isError === true,
    text: content.map((c) => c.text ?? "").join("\n"),
    data: (result.structuredContent ?? {}) as Record<string, unknown>,
  };
}

/** Calls a tool and fails the test with the tool's own message when it reports an error. */
export async function ok(client: Client, name: string, args: Record<string, unknown> = {}) {
  const outcome = await call(client, name, args);
  if (outcome.isError) throw new Error(`${name} failed: ${outcome.text}`);
  return outcome.data;
}

/**
 * Watches the events that come after the newest one: `start` is the get_events page whose cursor
 * marks that point, `notes` collects the event notifications (as JSON), and `waiting` is a
 * wait_for_events call for `types` from the cursor, in flight.
 */
export async function watchEvents(client: Client, types: string[], timeoutSeconds: number) {
  const start = await ok(client, "get_events", { limit: 1 });
  const notes: string[] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    notes.push(JSON.stringify(n.params.data));
  });
  const waiting = call(client, "wait_for_events", { cursor: start.nextCursor, types, timeoutSeconds });
  return { start, notes, waiting };
}

/** Runs `body` while nobody is online; the players who were online join again afterwards. */
export async function withNobodyOnline<T>(stack: Stack, client: Client, body: () => Promise<T>): Promise<T> {
  const { players } = (await ok(client, "get_online_players")) as { players: string[] };
  await sim(stack, ...players.map((p) => `sim quit ${p}`));
  try {
    return await body();
  } finally {
    await sim(stack, ...players.map((p) => `sim join ${p}`));
  }
}
