/**
 * Turns one server log line into what happened. In: a line without its line end. Out: a game
 * event (chat, join, quit, death) with its data, or `other` (a known layout that is not an event)
 * or `unparsed` (no known layout). Joins and quits carry the player's UUID when the server logged
 * `UUID of player <name> is <uuid>` before (online mode).
 *
 * Spoof resistance: the kind of event and its player come only from the start of the message,
 * which player text can never occupy: chat starts with `<Name> ` (the text comes after it), a
 * join/quit message is a name and fixed words and nothing else, a death starts with the victim's
 * name. `/me` (`* Name text`), `/say` (`[Name] text`), whispers and named-entity deaths
 * (`Named entity ... died: ...`) start differently and produce nothing. Vanilla strips control
 * characters (newlines included) from everything a player types, so a player cannot start a line.
 */
import type { EventDataMap } from "@mcp-bridge/shared";
import { matchDeath, PLAYER_NAME } from "./death-messages.js";
import { isAuthMessage, isGameMessage, LineFormat, type LogLayout } from "./line-format.js";

export type LogEventType = "player_chat" | "player_join" | "player_quit" | "player_death";

export type ParsedLine =
  | { kind: "event"; layout: LogLayout; type: LogEventType; data: EventDataMap[LogEventType] }
  | { kind: "other"; layout: LogLayout }
  | { kind: "unparsed" };

const CHAT = new RegExp(`^(?:\\[Not Secure\\] )?<(${PLAYER_NAME})> (.*)$`, "s");
const JOIN = new RegExp(`^(${PLAYER_NAME})(?: \\(formerly known as (${PLAYER_NAME})\\))? joined the game$`);
const QUIT = new RegExp(`^(${PLAYER_NAME}) left the game$`);
const UUID_OF = new RegExp(
  `^UUID of player (${PLAYER_NAME}) is ([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$`,
);
/** Longest chat message vanilla accepts is 256 characters; the schema allows 4096. */
const MAX_CHAT = 4096;
const MAX_UUIDS = 10_000;

export class LogLineParser {
  private readonly format = new LineFormat();
  private readonly uuids = new Map<string, string>();

  parse(line: string): ParsedLine {
    const parsed = this.format.parse(line);
    if (!parsed) return { kind: "unparsed" };
    const { layout, message } = parsed;
    if (isGameMessage(parsed)) {
      const event = this.gameEvent(message);
      if (event) return { kind: "event", layout, ...event };
    }
    if (isAuthMessage(parsed)) this.rememberUuid(message);
    return { kind: "other", layout };
  }

  private gameEvent(message: string): { type: LogEventType; data: EventDataMap[LogEventType] } | undefined {
    const first = message.charCodeAt(0);
    if (first === 0x3c /* < */ || first === 0x5b /* [ */) {
      const chat = CHAT.exec(message);
      if (!chat) return undefined;
      return { type: "player_chat", data: { player: chat[1]!, message: chat[2]!.slice(0, MAX_CHAT) } };
    }
    if (message.endsWith(" joined the game")) {
      const join = JOIN.exec(message);
      if (join) {
        const data: EventDataMap["player_join"] = { player: join[1]! };
        const uuid = this.uuids.get(join[1]!);
        if (uuid) data.uuid = uuid;
        if (join[2]) data.formerName = join[2];
        return { type: "player_join", data };
      }
    }
    if (message.endsWith(" left the game")) {
      const quit = QUIT.exec(message);
      if (quit) {
        const data: EventDataMap["player_quit"] = { player: quit[1]! };
        const uuid = this.uuids.get(quit[1]!);
        if (uuid) data.uuid = uuid;
        return { type: "player_quit", data };
      }
    }
    const death = matchDeath(message);
    if (!death) return undefined;
    const data: EventDataMap["player_death"] = { player: death.player, cause: death.cause, killer: null };
    if (death.killer !== undefined) data.killer = death.killer.slice(0, 512);
    if (death.weapon !== undefined) data.weapon = death.weapon.slice(0, 512);
    return { type: "player_death", data };
  }

  private rememberUuid(message: string): void {
    if (!message.startsWith("UUID of player ")) return;
    const m = UUID_OF.exec(message);
    if (!m) return;
    if (this.uuids.size >= MAX_UUIDS) this.uuids.delete(this.uuids.keys().next().value!);
    this.uuids.set(m[1]!, m[2]!);
  }
}
