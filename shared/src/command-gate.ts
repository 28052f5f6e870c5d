/**
 * The command gate: a raw execute_command text in, the command to run out, or a refusal. The same
 * rules, in the same order, as the mod's CommandGate.java, so vanilla mode (no mod) refuses what mod
 * mode refuses: length (INVALID_ARGS) -> control, format and invisible characters, lone surrogates,
 * unassigned code points -> chaining tokens (`;`, `&&`, `||`) -> NFKC look-alikes -> the command name
 * (plain lowercase ASCII, no leading space) -> the patterns (whole-string match) -> the command after
 * `execute ... run`, at every level, through the same checks. shared/vectors/security/command-gate.json
 * holds the cases both languages must agree on; refusals show the command escaped (displayCommand).
 */
import { patternProblem } from "./pattern-safety.js";

/**
 * Longest command a gate accepts unless configured otherwise (the mod's CoreConfig default). The
 * most any gate may be configured to accept is MAX_COMMAND_LENGTH (schemas/operations.ts, 1000, the
 * mod's CoreConfig.MAX_COMMAND_LENGTH_CAP).
 */
export const DEFAULT_MAX_COMMAND_LENGTH = 256;
/** Longest display of a command in messages and details. */
export const DISPLAY_MAX_CHARS = 120;

export type GateRefusalKind =
  | "too_long"
  | "empty"
  | "control_character"
  | "chaining"
  | "lookalike"
  | "command_name"
  | "not_allowed"
  | "nested_not_allowed";

export type GateVerdict =
  | { allowed: true; command: string }
  | {
      allowed: false;
      code: "PERMISSION_DENIED" | "INVALID_ARGS";
      kind: GateRefusalKind;
      /** The command with one leading '/' removed, as it would have run. */
      command: string;
      /** The command escaped for messages and details (displayCommand). */
      display: string;
      /** Why, as a clause: "it contains ';', which could chain a second command". */
      why: string;
      /** nested_not_allowed: the refused command after 'run', escaped. */
      nested?: string;
    };

const CHAINING = [";", "&&", "||"] as const;
/** Control (Cc), format (Cf), line/paragraph separators and unassigned code points (Cn). */
const INVISIBLE = /^[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cn}]$/u;

/**
 * How a command is shown in refusals and logs: printable ASCII as is (a backslash doubled),
 * every other UTF-16 unit as `\uXXXX` (lowercase hex), at most 120 characters: a longer display
 * keeps whole escapes up to 117 characters and ends in "...".
 */
export function displayCommand(text: string): string {
  const pieces: string[] = [];
  let total = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const piece =
      c === 0x5c ? "\\\\" : c >= 0x20 && c < 0x7f ? text[i]! : `\\u${c.toString(16).padStart(4, "0")}`;
    pieces.push(piece);
    total += piece.length;
  }
  if (total <= DISPLAY_MAX_CHARS) return pieces.join("");
  let out = "";
  for (const piece of pieces) {
    if (out.length + piece.length > DISPLAY_MAX_CHARS - 3) break;
    out += piece;
  }
  return `${out}...`;
}

interface Refusal {
  kind: GateRefusalKind;
  why: string;
  nested?: string;
}

export class CommandGate {
  private readonly patterns: RegExp[] = [];
  /** Patterns refused at construction, with the reason (they allow nothing). */
  readonly rejectedPatterns = new Map<string, string>();

  constructor(
    allowed: readonly string[],
    readonly maxLength: number = DEFAULT_MAX_COMMAND_LENGTH,
  ) {
    for (const pattern of allowed) {
      const problem = patternProblem(pattern);
      if (problem) this.rejectedPatterns.set(pattern, problem);
      else this.patterns.push(new RegExp(`^(?:${pattern})$`));
    }
  }

  /** The verdict on a raw command (one leading '/' is dropped first). */
  verdict(raw: string): GateVerdict {
    const command = raw.startsWith("/") ? raw.slice(1) : raw;
    if (command.length > this.maxLength) {
      return refused(command, "INVALID_ARGS", {
        kind: "too_long",
        why: `it is ${command.length} chars long; at most ${this.maxLength} are allowed`,
      });
    }
    const refusal = commandRefusal(command);
    if (refusal) return refused(command, "PERMISSION_DENIED", refusal);
    if (!this.allowed(command)) {
      return refused(command, "PERMISSION_DENIED", {
        kind: "not_allowed",
        why: "it is not in the allowed command patterns",
      });
    }
    for (let nested = runPart(command); nested !== undefined; nested = runPart(nested)) {
      if (commandRefusal(nested) || !this.allowed(nested)) {
        return refused(command, "PERMISSION_DENIED", {
          kind: "nested_not_allowed",
          why: `the command after 'run' ('${displayCommand(nested)}') is not allowed`,
          nested: displayCommand(nested),
        });
      }
    }
    return { allowed: true, command };
  }

  /** Whether a whole command matches one of the patterns (nothing else is checked). */
  allowed(command: string): boolean {
    return this.patterns.some((re) => re.test(command));
  }
}

function refused(command: string, code: "PERMISSION_DENIED" | "INVALID_ARGS", refusal: Refusal): GateVerdict {
  return { allowed: false, code, ...refusal, command, display: displayCommand(command) };
}

/** The command after the first " run " of an `execute` command, or undefined. */
function runPart(command: string): string | undefined {
  if (!command.startsWith("execute ")) return undefined;
  const run = command.indexOf(" run ");
  return run < 0 ? undefined : command.slice(run + 5);
}

/** Why a command is refused whatever the patterns say (CommandGate.refusal in Java), or undefined. */
function commandRefusal(command: string): Refusal | undefined {
  if (command.length === 0) return { kind: "empty", why: "it is empty" };
  let ascii = true;
  for (let i = 0; i < command.length; ) {
    const cp = command.codePointAt(i)!;
    i += cp > 0xffff ? 2 : 1;
    if (cp >= 0x20 && cp < 0x7f) continue; // printable ASCII: none of the checks below can apply
    ascii = false;
    // A lone surrogate comes back from codePointAt as itself.
    if ((cp >= 0xd800 && cp <= 0xdfff) || INVISIBLE.test(String.fromCodePoint(cp))) {
      return {
        kind: "control_character",
        why: `it contains the control or invisible character U+${cp.toString(16).toUpperCase().padStart(4, "0")}`,
      };
    }
  }
  for (const chain of CHAINING) {
    if (command.includes(chain)) {
      return { kind: "chaining", why: `it contains '${chain}', which could chain a second command` };
    }
  }
  if (!ascii && command.normalize("NFKC") !== command) {
    return {
      kind: "lookalike",
      why: "it contains look-alike characters (e.g. fullwidth letters); use plain text",
    };
  }
  const space = command.indexOf(" ");
  const problem = nameProblem(space < 0 ? command : command.slice(0, space));
  return problem ? { kind: "command_name", why: problem } : undefined;
}

/** Why the command's first word is not a command name, said so the caller can fix it; or undefined. */
function nameProblem(name: string): string | undefined {
  if (name.length === 0)
    return "it starts with a space; put the command name first (remove the leading space)";
  if (PLAIN_NAME.test(name)) return undefined;
  const lower = name.toLowerCase();
  if (PLAIN_NAME.test(lower)) {
    return `the command name '${name}' has uppercase letters; command names are lowercase ('${lower}')`;
  }
  return `the command name '${displayCommand(name)}' is not a plain ASCII name (letters a-z, digits, _ . : -)`;
}

const PLAIN_NAME = /^[a-z0-9_.:-]+$/;
