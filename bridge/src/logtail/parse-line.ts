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
 * Lines of a chat thread (Paper, Spigot) can only ever be chat: a chat plugin may render a message
 * as any text, so nothing there becomes a join, quit or death (line-format.ts, messageSource).
 * A death whose killer is a player who joined and has not left is reported as the `player` cause.
 * From 26.3 (26.3-snapshot-3) the server writes every system message (joins, quits, deaths,
 * advancements, command replies) as `System chat: <message>`; player chat keeps `<Name> text`. A
 * player's line starts with `<` (or `[Not Secure] <`), so it can never carry that prefix, and a
 * name cannot contain the space in it. Behind the prefix only a join, quit or death is read, never
 * chat: a command reply (`System chat: [Rcon: Kicked ...]`) is not a player talking. A console reply
 * that starts with a mob's name a player chose is not a death (CONSOLE_REPLY).
 */
import type { EventDataMap } from "@mcp-bridge/shared";
import { matchDeath, PLAYER_NAME } from "./death-messages.js";
import { isAuthMessage, LineFormat, type LogLayout, messageSource } from "./line-format.js";

export type LogEventType = "player_chat" | "player_join" | "player_quit" | "player_death";

export type ParsedLine =
  | { kind: "event"; layout: LogLayout; type: LogEventType; data: EventDataMap[LogEventType] }
  | { kind: "other"; layout: LogLayout }
  | { kind: "unparsed" };

/**
 * `<Name> text`; a team's prefix and suffix are part of the shown name (`<[Admin] Name> text`),
 * so the sender is the one player name left once bracketed parts are removed.
 */
const CHAT = /^(?:\[Not Secure\] )?<([^<>]{1,96})> (.*)$/s;
const TEAM_DECORATION = /\[[^\]]*\]|\([^)]*\)/g;
const ONLY_NAME = new RegExp(`^${PLAYER_NAME}$`);
const JOIN = new RegExp(`^(${PLAYER_NAME})(?: \\(formerly known as (${PLAYER_NAME})\\))? joined the game$`);
const QUIT = new RegExp(`^(${PLAYER_NAME}) left the game$`);
const UUID_OF = new RegExp(
  `^UUID of player (${PLAYER_NAME}) is ([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$`,
);
/** Longest chat message vanilla accepts is 256 characters; the schema allows 4096. */
const MAX_CHAT = 4096;
const MAX_UUIDS = 10_000;
/**
 * Console replies that start with an entity's shown name and go on with more words (Minecraft's
 * en_us `commands.data.entity.query` "%s has the following entity data: %s",
 * `commands.ride.mount.success` "%s started riding %s", `commands.ride.dismount.success` "%s stopped
 * riding %s"; written to the log when the server console runs the command). A player can name a mob
 * `Alex was slain by Zombie`: such a reply would then read as Alex's death, the killer being the rest.
 * A real death whose killer's name carries these words is that same trick, so it is dropped too.
 */
const CONSOLE_REPLY = / has the following entity data: | (?:started|stopped) riding /;
/** What 26.3 puts in front of a system message (not of player chat); real lines in fixtures/log-corpus. */
const SYSTEM_CHAT = "System chat: ";

export class LogLineParser {
  private readonly format = new LineFormat();
  private readonly uuids = new Map<string, string>();
  /** Who joined and has not left: a killer among them is a player, not a mob of that name. */
  private readonly online = new Set<string>();

  parse(line: string): ParsedLine {
    const parsed = this.format.parse(line);
    if (!parsed) return { kind: "unparsed" };
    const { layout, message } = parsed;
    const source = messageSource(parsed);
    if (source !== "none") {
      const event = source === "chat" ? chat(message) : this.gameEvent(message);
      if (event) return { kind: "event", layout, ...event };
    }
    if (isAuthMessage(parsed)) this.rememberUuid(message);
    return { kind: "other", layout };
  }

  private gameEvent(line: string): { type: LogEventType; data: EventDataMap[LogEventType] } | undefined {
    const system = line.startsWith(SYSTEM_CHAT);
    const message = system ? line.slice(SYSTEM_CHAT.length) : line;
    const first = message.charCodeAt(0);
    if (first === 0x3c /* < */ || first === 0x5b /* [ */) return system ? undefined : chat(message);
    if (message.endsWith(" joined the game")) {
      const join = JOIN.exec(message);
      if (join) {
        const data: EventDataMap["player_join"] = { player: join[1]! };
        const uuid = this.uuids.get(join[1]!);
        if (uuid) data.uuid = uuid;
        if (join[2]) data.formerName = join[2];
        if (this.online.size >= MAX_UUIDS) this.online.delete(this.online.values().next().value!);
        this.online.add(join[1]!);
        return { type: "player_join", data };
      }
    }
    if (message.endsWith(" left the game")) {
      const quit = QUIT.exec(message);
      if (quit) {
        const data: EventDataMap["player_quit"] = { player: quit[1]! };
        const uuid = this.uuids.get(quit[1]!);
        if (uuid) data.uuid = uuid;
        this.online.delete(quit[1]!);
        return { type: "player_quit", data };
      }
    }
    // A (re)start: nobody is online any more, whatever the last log said.
    if (message.startsWith("Starting minecraft server version ")) this.online.clear();
    if (CONSOLE_REPLY.test(message)) return undefined;
    const death = matchDeath(message, this.online);
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

/** A chat line's sender and text; undefined when the shown name is not one player name. */
function chat(message: string): { type: "player_chat"; data: EventDataMap["player_chat"] } | undefined {
  const m = CHAT.exec(message);
  if (!m) return undefined;
  const name = m[1]!.replace(TEAM_DECORATION, " ").trim();
  if (!ONLY_NAME.test(name)) return undefined;
  return { type: "player_chat", data: { player: name, message: m[2]!.slice(0, MAX_CHAT) } };
}
