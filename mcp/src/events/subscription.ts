/**
 * Which events one session wants (docs/properties.md, #17): a set of event types and optionally
 * a set of players; empty means "all". Set at connect time (stdio: MCP_EVENT_TYPES/PLAYERS; HTTP:
 * X-MCP-Events / X-MCP-Players headers or ?events= / ?players=) and changed by subscribe_events.
 */
import { BridgeError, EVENT_TYPES, type EventType, envList } from "@mcp-bridge/shared";

export interface SubscriptionFilter {
  types: EventType[];
  players: string[];
}

export class Subscription {
  private filter: SubscriptionFilter;

  constructor(filter: Partial<SubscriptionFilter> = {}) {
    this.filter = { types: [...(filter.types ?? [])], players: [...(filter.players ?? [])] };
  }

  /** Parses comma lists; INVALID_ARGS names an unknown event type. */
  static parse(types: string | undefined, players: string | undefined): Subscription {
    return new Subscription({ types: parseTypes(envList(types)), players: envList(players) });
  }

  get(): SubscriptionFilter {
    return { types: [...this.filter.types], players: [...this.filter.players] };
  }

  set(filter: SubscriptionFilter): void {
    this.filter = { types: [...new Set(filter.types)], players: [...new Set(filter.players)] };
  }

  matches(event: { type: string; player: string }): boolean {
    return matchesFilter(this.filter, event);
  }
}

export function matchesFilter(filter: SubscriptionFilter, event: { type: string; player: string }): boolean {
  const typeOk = filter.types.length === 0 || (filter.types as string[]).includes(event.type);
  const playerOk =
    filter.players.length === 0 || filter.players.some((p) => p.toLowerCase() === event.player.toLowerCase());
  return typeOk && playerOk;
}

function parseTypes(values: string[]): EventType[] {
  const unknown = values.filter((v) => !(EVENT_TYPES as readonly string[]).includes(v));
  if (unknown.length > 0) {
    throw new BridgeError(
      "INVALID_ARGS",
      `Unknown event type(s) ${unknown.join(", ")}; known types: ${EVENT_TYPES.join(", ")}`,
      { details: { field: "types" } },
    );
  }
  return values as EventType[];
}
