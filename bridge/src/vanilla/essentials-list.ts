/**
 * The `list` answer of the EssentialsX plugin (Paper, Spigot), which replaces vanilla's `list`.
 * In: the raw answer, with formatting codes. EssentialsX (messages.properties) prints a summary,
 *   listAmount       "§6There are §c{0}§6 out of maximum §c{1}§6 players online."
 *   listAmountHidden "§6There are §c{0}§6/§c{1}§6 out of maximum §c{2}§6 players online."
 *                    ({0} visible, {1} hidden, who are listed to the console with "[HIDDEN]")
 * then one line per group, listGroupTag "§6{group}§r: " + players joined by ", ", each ending in
 * "§f"; a player may carry "§7[AFK]§r" / "§7[HIDDEN]§r" and, with real-names-on-list, " (RealName)"
 * after a nickname. Over RCON the lines may come with or without "\n" between them.
 * Out: {online, max, players}.
 */
import { stripFormatting } from "./formatting.js";

const SUMMARY = /There are (\d+)(?:\/(\d+))? out of maximum (\d+) players online\./;
/** A group tag in the coloured text: optional colour codes, the name, reset, ": ". */
const GROUP_TAG = /\u00a76((?:\u00a7[0-9a-fk-orx])*[^\u00a7\n:]+?)\u00a7r: /g;
const NAME = /^[A-Za-z0-9_.]{1,16}$/;

export function isEssentialsList(answer: string): boolean {
  return SUMMARY.test(stripFormatting(answer));
}

/** One listed entry ("[AFK][HIDDEN]~Nick (Real)", "[Admin] Alice") -> the player's name. */
function playerName(entry: string): string | undefined {
  let text = entry.replace(/\[(?:AFK|HIDDEN)\]/g, "").trim();
  const real = /\(([A-Za-z0-9_.]{1,16})\)$/.exec(text);
  if (real) return real[1];
  text = text.replace(/^~/, "");
  if (NAME.test(text)) return text;
  // A chat plugin's prefix before the name ("[Admin] Alice"): the last word that is a name.
  const words = text.split(/\s+/).reverse();
  return words.find((w) => NAME.test(w.replace(/^~/, "")))?.replace(/^~/, "");
}

/** The group lines: split at newlines when there are any, else at the coloured group tags. */
function groupBodies(rest: string): string[] {
  const lines = rest.split(/\r?\n/).filter((line) => stripFormatting(line).trim().length > 0);
  if (lines.length > 1 || !rest.includes("\u00a7")) {
    return lines.map((line) => stripFormatting(line).replace(/^[^:]*:\s?/, ""));
  }
  const tags = [...rest.matchAll(GROUP_TAG)];
  if (tags.length === 0) return lines.map((line) => stripFormatting(line).replace(/^[^:]*:\s?/, ""));
  return tags.map((tag, i) => {
    const end = i + 1 < tags.length ? tags[i + 1]!.index : rest.length;
    return stripFormatting(rest.slice(tag.index + tag[0].length, end));
  });
}

export function parseEssentialsList(answer: string): { online: number; max: number; players: string[] } {
  const summary = SUMMARY.exec(stripFormatting(answer))!;
  const visible = Number(summary[1]);
  const hidden = summary[2] === undefined ? 0 : Number(summary[2]);
  // The rest starts after the summary's last character in the raw text.
  const rawEnd = answer.indexOf("players online.");
  const rest = rawEnd < 0 ? "" : answer.slice(rawEnd + "players online.".length);
  const players: string[] = [];
  for (const body of groupBodies(rest)) {
    // A group over its configured size is summarised ("12 online, for the full list: /list staff").
    if (/online, for the full list/.test(body)) continue;
    for (const entry of body.split(",")) {
      const name = playerName(entry);
      if (name && !players.includes(name)) players.push(name);
    }
  }
  return { online: visible + hidden, max: Number(summary[3]), players };
}
