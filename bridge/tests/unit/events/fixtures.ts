/** Frames a mod would send, and a session wired to an in-memory store and a recording transport. */
import { createLogger, PROTOCOL_VERSION, parseJson } from "@mcp-bridge/shared";
import { EventSession } from "../../../src/events/session.js";
import { createMetrics } from "../../../src/ops/metrics.js";
import { MemoryEventStore } from "./memory-store.js";

const TOKEN = "survival-token";

export function eventFrame(seq: number, message = `hello ${seq}`): string {
  return JSON.stringify({
    version: PROTOCOL_VERSION,
    type: "event",
    id: `ev-${seq}`,
    timestamp: Date.now(),
    source: "minecraft",
    payload: { eventType: "player_chat", seq, data: { player: "Steve", message } },
  });
}

interface Sent {
  type: string;
  id: string;
  payload: {
    code?: string;
    data?: { ackSeq?: number; lastSeq?: number; version?: string };
    details?: { field?: string };
  };
}

export function makeSession(token: string | undefined = TOKEN) {
  const store = new MemoryEventStore();
  const sent: Sent[] = [];
  const closes: { code: number; reason: string }[] = [];
  const metrics = createMetrics();
  const session = new EventSession(
    {
      send: (text) => sent.push(parseJson(text) as Sent),
      close: (code, reason) => closes.push({ code, reason }),
    },
    {
      tokens: new Map([["survival", TOKEN]]),
      token,
      store,
      logger: createLogger({ name: "test", level: "silent" }),
      metrics,
      destination: (id) => `events:${id}`,
      onOpen: () => {},
    },
  );
  return { session, store, sent, closes, metrics };
}

/** Lets the session's promise chains and setImmediate batches run. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setImmediate(r));
}
