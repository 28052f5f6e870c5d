/**
 * Which command patterns a policy (or an NPC definition) may hold: the same check, in the same
 * order and with the same scanner, as the mod's PatternSafety.java. A pattern is refused when it is
 * empty, longer than 512 characters, does not compile, uses a backreference (`\1`, `\k<name>`), or
 * repeats a group that itself repeats (`(a+)+`, `(.*)*`, `(x{2,})+`; a fixed count such as
 * `(x+ ){3}` only multiplies the work and is fine). shared/vectors/security/pattern-safety.json holds
 * the cases both languages must agree on.
 */

export const MAX_PATTERN_LENGTH = 512;

/** Why `pattern` is refused, or undefined when it is acceptable. */
export function patternProblem(pattern: string): string | undefined {
  if (pattern.length === 0) return "empty pattern";
  if (pattern.length > MAX_PATTERN_LENGTH) return `longer than ${MAX_PATTERN_LENGTH} chars`;
  try {
    new RegExp(pattern);
  } catch (error) {
    return `does not compile: ${(error as Error).message}`;
  }
  return nestedQuantifier(pattern);
}

/** Finds a repeated group that contains a repetition, or a backreference (PatternSafety.nestedQuantifier). */
function nestedQuantifier(regex: string): string | undefined {
  // stack[d]: the group open at depth d contains a repetition (directly or in a nested group).
  const stack: boolean[] = [false];
  let depth = 0;
  for (let i = 0; i < regex.length; i++) {
    const c = regex[i];
    if (c === "\\") {
      const next = regex[i + 1];
      if (next !== undefined && (isDigit(next) || next === "k")) return "backreferences are not allowed";
      i++;
    } else if (c === "[") {
      i = endOfClass(regex, i);
    } else if (c === "(") {
      stack[++depth] = false;
    } else if (c === ")" && depth > 0) {
      const inner = stack[depth--] === true;
      const repeated = repeats(regex, i + 1);
      if (inner && repeated) return `nested quantifier (a repeated group that repeats) near index ${i}`;
      if (depth > 0 && (inner || repeated)) stack[depth] = true;
    } else if (depth > 0 && (c === "*" || c === "+" || c === "{")) {
      stack[depth] = true;
    }
  }
  return undefined;
}

/** Java's Character.isDigit(char): any decimal digit (Nd), not only 0-9. */
function isDigit(c: string): boolean {
  return /^\p{Nd}$/u.test(c);
}

/** True for *, + and {n,} / {n,m}; a fixed count {n} only multiplies the work by n. */
function repeats(regex: string, i: number): boolean {
  if (i >= regex.length) return false;
  const c = regex[i];
  if (c !== "{") return c === "*" || c === "+";
  const close = regex.indexOf("}", i);
  return close < 0 || regex.substring(i + 1, close).includes(",");
}

function endOfClass(regex: string, start: number): number {
  let depth = 0;
  for (let i = start; i < regex.length; i++) {
    const c = regex[i];
    if (c === "\\") i++;
    else if (c === "[") depth++;
    else if (c === "]" && --depth === 0) return i;
  }
  return regex.length;
}
