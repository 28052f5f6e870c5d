/**
 * Test support: the commands issue 11 found reaching a server without the mod (control and
 * invisible characters, look-alikes, chaining tokens, over-long commands), each a `say` carrying a
 * unique marker, so a test can prove from the game's log that none of them ran. The shared vectors
 * (shared/vectors/security/command-gate.json) hold the same strings for the gates themselves.
 */
export interface HostileCommand {
  name: string;
  command: string;
  code: "PERMISSION_DENIED" | "INVALID_ARGS";
}

/** `say <marker>-<n> ...` commands that every command gate refuses, whatever the role's patterns. */
export function hostileSayCommands(marker: string): HostileCommand[] {
  const cases: [string, string, HostileCommand["code"]][] = [
    ["NUL", "a\u0000b", "PERMISSION_DENIED"],
    ["U+0085 (next line)", "a\u0085b", "PERMISSION_DENIED"],
    ["U+200B (zero width space)", "a\u200bb", "PERMISSION_DENIED"],
    ["U+202E (right-to-left override)", "a\u202eb", "PERMISSION_DENIED"],
    ["ESC (a terminal colour sequence)", "\u001b[31mred", "PERMISSION_DENIED"],
    ["a newline", "hi\nop Mallory", "PERMISSION_DENIED"],
    ["a lone high surrogate", "a\ud800b", "PERMISSION_DENIED"],
    ["a lone low surrogate", "a\udc00b", "PERMISSION_DENIED"],
    ["fullwidth letters", "\uff48\uff49", "PERMISSION_DENIED"],
    ["&&", "hi && op Mallory", "PERMISSION_DENIED"],
    [";", "hi; op Mallory", "PERMISSION_DENIED"],
    ["||", "hi || op Mallory", "PERMISSION_DENIED"],
    ["257 chars", "", "INVALID_ARGS"],
    ["1000 chars", "", "INVALID_ARGS"],
  ];
  return cases.map(([name, text, code], i) => {
    const head = `say ${marker}-${i} ${text}`;
    const length = name === "257 chars" ? 257 : name === "1000 chars" ? 1000 : head.length;
    return { name, command: head.padEnd(length, "a"), code };
  });
}
