/**
 * Server Management Protocol notifications -> our events. In: a JSON-RPC notification (method and
 * params; vanilla sends params as a one-element array, named objects are accepted too). Out: the
 * event type and data, or undefined for notifications we do not turn into events.
 * Names and shapes: Minecraft Wiki, "Minecraft Server Management Protocol" (notifications
 * `minecraft:notification/players/joined|left` with a `player` {id, name};
 * `minecraft:notification/server/started|stopping|saving|saved` without params;
 * `minecraft:notification/server/status` with a `status` {started, players?, version {name, protocol}}).
 * The real server's codec leaves `players` out when the list is empty (an optional field with the
 * empty list as default), so a status without it means nobody is online.
 */
import type { EventDataMap } from "@mcp-bridge/shared";

export const NOTIFICATION = {
  joined: "minecraft:notification/players/joined",
  left: "minecraft:notification/players/left",
  started: "minecraft:notification/server/started",
  stopping: "minecraft:notification/server/stopping",
  saving: "minecraft:notification/server/saving",
  saved: "minecraft:notification/server/saved",
  status: "minecraft:notification/server/status",
} as const;

export type ManagementEvent =
  | { type: "player_join"; data: EventDataMap["player_join"] }
  | { type: "player_quit"; data: EventDataMap["player_quit"] }
  | { type: "server_status"; data: EventDataMap["server_status"] };

const NAME = /^[A-Za-z0-9_]{1,16}$/;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

function firstParam(params: unknown, name: string): unknown {
  if (Array.isArray(params)) return params[0];
  if (params !== null && typeof params === "object") return (params as Record<string, unknown>)[name];
  return undefined;
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function player(params: unknown): { player: string; uuid?: string } | undefined {
  const p = asObject(firstParam(params, "player"));
  if (!p || typeof p.name !== "string" || !NAME.test(p.name)) return undefined;
  return typeof p.id === "string" && UUID.test(p.id) ? { player: p.name, uuid: p.id } : { player: p.name };
}

export function eventOfNotification(method: string, params: unknown): ManagementEvent | undefined {
  switch (method) {
    case NOTIFICATION.joined: {
      const data = player(params);
      return data && { type: "player_join", data };
    }
    case NOTIFICATION.left: {
      const data = player(params);
      return data && { type: "player_quit", data };
    }
    case NOTIFICATION.started:
      return { type: "server_status", data: { status: "started" } };
    case NOTIFICATION.stopping:
      return { type: "server_status", data: { status: "stopping" } };
    case NOTIFICATION.saving:
      return { type: "server_status", data: { status: "saving" } };
    case NOTIFICATION.saved:
      return { type: "server_status", data: { status: "saved" } };
    case NOTIFICATION.status: {
      const state = asObject(firstParam(params, "status"));
      const data: EventDataMap["server_status"] = { status: "heartbeat" };
      if (typeof state?.started === "boolean") data.started = state.started;
      const version = asObject(state?.version);
      if (typeof version?.name === "string") data.version = version.name.slice(0, 128);
      if (state) data.onlinePlayers = Array.isArray(state.players) ? state.players.length : 0;
      return { type: "server_status", data };
    }
    default:
      return undefined;
  }
}
