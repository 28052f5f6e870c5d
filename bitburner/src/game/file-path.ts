/**
 * The game's file path rules, checked before anything is sent so a bad name gets a precise error
 * instead of the game's one-line refusal. In: a filename as the model wrote it. Out: the path the
 * game stores it under (one leading "/" dropped), or an INVALID_ARGS naming the broken rule.
 *
 * Rules (bitburner-src, src/Paths/): segments separated by "/", none empty; none of
 * * ? [ ] ! \ ~ | # " ' or space anywhere; the file part has a "." with characters on both sides.
 * The game resolves "." and ".." segments against the root; we refuse them instead, so a name is
 * accepted exactly when the game would store it under that same name.
 *
 * Stricter than the game on purpose (it stores these, and they would mislead a reader or a later
 * tool): control, format (bidi overrides, zero-width), separator and surrogate characters, and
 * percent-escapes such as '%2e%2e/', which some tool downstream may decode into a traversal.
 */
import { BridgeError } from "@mcp-bridge/shared";
import {
  ALL_SCRIPT_EXTENSIONS,
  ALL_TEXT_EXTENSIONS,
  type GameProfile,
  releaseTaking,
} from "./game-versions.js";

export const FORBIDDEN_CHARACTERS = ["*", "?", "[", "]", "!", "\\", "~", "|", "#", '"', "'", " "] as const;

/** Which files an operation may touch: scripts only (calculate_ram) or any text/script file. */
export type FileKind = "script" | "content";

const FORBIDDEN = new Set<string>(FORBIDDEN_CHARACTERS);
/**
 * Cc control, Cf format (bidi overrides and isolates, zero-width, BOM), Z* separators but the plain
 * space (which has its own, clearer message), Cs lone surrogates.
 */
const UNSAFE = /(?! )[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Zs}\p{Cs}]/u;
const UNSAFE_ALL = new RegExp(UNSAFE.source, "gu");
const PERCENT_ESCAPE = /%[0-9A-Fa-f]{2}/;

/** The text with every unsafe character written as \u{...}, for error messages and logs. */
export function printable(text: string): string {
  return text.replace(UNSAFE_ALL, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

/** Why a name the model wrote may not reach the game as-is (hostnames and file paths), or undefined. */
export function unsafeTextProblem(text: string): string | undefined {
  const bad = UNSAFE.exec(text)?.[0];
  if (bad !== undefined) {
    const code = `U+${bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
    return `contains the invisible or control character ${code} at index ${text.indexOf(bad)}; remove it`;
  }
  const percent = PERCENT_ESCAPE.exec(text)?.[0];
  if (percent !== undefined) {
    return `contains the percent-escape '${percent}'; write the plain character instead (no URL encoding)`;
  }
  return undefined;
}

/** A path's problem: the text for people, and the `reason` (plus facts for the hint) for details. */
export interface PathProblem {
  text: string;
  details: Record<string, unknown>;
}

/**
 * Why the game would refuse (or rewrite) this path, or undefined when it stores it as given. With a
 * game's profile, its extensions; without, those of any supported release (the last gate before
 * the socket, and before a game is known).
 */
export function filePathProblem(
  raw: string,
  kind: FileKind = "content",
  game?: GameProfile,
): string | undefined {
  return pathProblem(raw, kind, game)?.text;
}

function pathProblem(raw: string, kind: FileKind, game: GameProfile | undefined): PathProblem | undefined {
  const text = syntaxProblem(raw);
  if (text) return { text, details: { reason: "INVALID_PATH" } };
  return extensionProblem(raw, kind, game);
}

function syntaxProblem(raw: string): string | undefined {
  if (raw.trim() === "") return "is empty; give a file name such as 'hack.js'";
  const unsafe = unsafeTextProblem(raw);
  if (unsafe) return unsafe;
  const path = raw.startsWith("/") ? raw.slice(1) : raw;
  const bad = [...path].find((c) => FORBIDDEN.has(c));
  if (bad !== undefined) {
    return `contains '${bad === " " ? "space" : bad}'; file paths may not contain spaces or any of ${FORBIDDEN_CHARACTERS.slice(0, -1).join(" ")}`;
  }
  const segments = path.split("/");
  if (segments.some((s) => s === ""))
    return "has an empty directory name ('//', or a trailing or second leading '/')";
  if (segments.some((s) => s === "." || s === "..")) {
    return "has a '.' or '..' segment; write the path from the root, e.g. 'lib/util.js'";
  }
  const file = segments[segments.length - 1]!;
  const dot = file.lastIndexOf(".");
  if (dot <= 0 || dot === file.length - 1) {
    return "has no extension; the file part needs a name and an extension, e.g. 'hack.js'";
  }
  return undefined;
}

function extensionProblem(
  path: string,
  kind: FileKind,
  game: GameProfile | undefined,
): PathProblem | undefined {
  const scripts = game?.scripts ?? ALL_SCRIPT_EXTENSIONS;
  const accepted = kind === "script" ? scripts : [...scripts, ...(game?.texts ?? ALL_TEXT_EXTENSIONS)];
  if (accepted.some((ext) => path.endsWith(ext))) return undefined;
  const extension = path.slice(path.lastIndexOf("."));
  const reason = kind === "script" ? "NOT_A_SCRIPT" : "INVALID_EXTENSION";
  const since = releaseTaking(extension, kind);
  if (!game) {
    const text =
      kind === "script"
        ? `is not a script; script extensions are ${accepted.join(" ")}`
        : `has an extension the Remote API cannot handle; use ${accepted.join(" ")}`;
    return { text, details: { reason, accepted } };
  }
  const text =
    kind === "script"
      ? `is not a script for the connected game (Bitburner ${game.version}), whose scripts are ${accepted.join(" ")}`
      : `has an extension the connected game (Bitburner ${game.version}) refuses; it takes ${accepted.join(" ")}`;
  return {
    text: since ? `${text}; ${extension} needs Bitburner ${since} or newer` : text,
    details: { reason, accepted, gameVersion: game.version, needs: since },
  };
}

/**
 * The stored path (leading "/" dropped), or INVALID_ARGS with what to fix; with a game's profile,
 * naming that game's version and what it takes.
 */
export function checkFilePath(raw: string, kind: FileKind = "content", game?: GameProfile): string {
  const problem = pathProblem(raw, kind, game);
  if (problem) {
    throw new BridgeError("INVALID_ARGS", `filename '${printable(raw)}' ${problem.text}`, {
      details: { field: "filename", ...problem.details },
    });
  }
  return raw.startsWith("/") ? raw.slice(1) : raw;
}
