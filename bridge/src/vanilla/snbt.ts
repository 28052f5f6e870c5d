/**
 * A small SNBT parser (the text form of NBT that `data get entity` prints).
 * In: SNBT text such as `{Health: 20.0f, Pos: [1.0d, 64.0d, 2.5d], UUID: [I; 1, 2, 3, 4]}`.
 * Out: plain values: compounds -> objects, lists and typed arrays ([B;..], [I;..], [L;..]) -> arrays,
 * numbers (suffixes b/s/l/f/d in either case) -> number, quoted strings (single or double quotes,
 * with escapes) and other bare words -> string, true/false -> 1/0 (SNBT booleans are bytes).
 * Longs beyond 2^53 lose precision; nothing the bridge reads needs them exact.
 * Since 1.20.5 `data get` folds what it will not print into `<...>`: a list or typed array longer
 * than 128 ends in `, <...>]` (a real player's recipe book does, vanilla-corpus/entity-data.json),
 * and a list or compound nested too deep is `[<...>]` / `{<...>}`. The folded part is left out.
 */

export type SnbtValue = number | string | SnbtValue[] | SnbtCompound;
export interface SnbtCompound {
  [key: string]: SnbtValue;
}

export class SnbtSyntaxError extends Error {
  override readonly name = "SnbtSyntaxError";
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`${message} at position ${position}`);
  }
}

const BARE_CHAR = /[A-Za-z0-9._+-]/;
const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?[bslfd]?$/i;
const SIMPLE_ESCAPES: Record<string, string> = {
  "\\": "\\",
  '"': '"',
  "'": "'",
  n: "\n",
  t: "\t",
  r: "\r",
  b: "\b",
  f: "\f",
  s: " ",
};
const HEX_ESCAPE_DIGITS: Record<string, number> = { x: 2, u: 4, U: 8 };
/** What `data get` prints in place of elements it folded away (TextComponentTagVisitor's FOLDED). */
const FOLDED = "<...>";

export function parseSnbt(text: string): SnbtValue {
  const parser = new Parser(text);
  const value = parser.value();
  parser.skipSpace();
  if (!parser.atEnd()) throw new SnbtSyntaxError("unexpected text after the value", parser.pos);
  return value;
}

class Parser {
  pos = 0;
  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  skipSpace(): void {
    while (!this.atEnd() && /\s/.test(this.text[this.pos]!)) this.pos++;
  }

  value(): SnbtValue {
    this.skipSpace();
    const c = this.text[this.pos];
    if (c === "{") return this.compound();
    if (c === "[") return this.list();
    if (c === '"' || c === "'") return this.quoted();
    return this.bare();
  }

  private expect(char: string): void {
    this.skipSpace();
    if (this.text[this.pos] !== char) {
      throw new SnbtSyntaxError(
        `expected '${char}' but found '${this.text[this.pos] ?? "end of text"}'`,
        this.pos,
      );
    }
    this.pos++;
  }

  /** Consumes `char` if it is next (after spaces). */
  private accept(char: string): boolean {
    this.skipSpace();
    if (this.text[this.pos] !== char) return false;
    this.pos++;
    return true;
  }

  /** Consumes the folded marker if it is next (after spaces). */
  private acceptFolded(): boolean {
    this.skipSpace();
    if (!this.text.startsWith(FOLDED, this.pos)) return false;
    this.pos += FOLDED.length;
    return true;
  }

  private compound(): SnbtCompound {
    this.expect("{");
    const result: SnbtCompound = Object.create(null);
    if (this.accept("}")) return result;
    if (this.acceptFolded()) {
      this.expect("}");
      return result;
    }
    do {
      this.skipSpace();
      const c = this.text[this.pos];
      const key = c === '"' || c === "'" ? this.quoted() : this.word();
      if (key.length === 0) throw new SnbtSyntaxError("expected a key", this.pos);
      this.expect(":");
      result[key] = this.value();
    } while (this.accept(","));
    this.expect("}");
    return result;
  }

  private list(): SnbtValue[] {
    this.expect("[");
    const typed = /^[BIL]\s*;/.exec(this.text.slice(this.pos, this.pos + 8).trimStart());
    if (typed) {
      this.skipSpace();
      this.pos += 1;
      this.expect(";");
    }
    const items: SnbtValue[] = [];
    if (this.accept("]")) return items;
    do {
      // The folded rest of the list: nothing may follow it but the closing bracket.
      if (this.acceptFolded()) break;
      const item = this.value();
      if (typed && typeof item !== "number") {
        throw new SnbtSyntaxError(`typed array [${typed[0][0]};] holds a non-number`, this.pos);
      }
      items.push(item);
    } while (this.accept(","));
    this.expect("]");
    return items;
  }

  private word(): string {
    const start = this.pos;
    while (!this.atEnd() && BARE_CHAR.test(this.text[this.pos]!)) this.pos++;
    return this.text.slice(start, this.pos);
  }

  private bare(): SnbtValue {
    const start = this.pos;
    const word = this.word();
    if (word.length === 0) {
      throw new SnbtSyntaxError(`unexpected '${this.text[start] ?? "end of text"}'`, start);
    }
    if (NUMBER.test(word)) return Number.parseFloat(/[bslfd]$/i.test(word) ? word.slice(0, -1) : word);
    if (word === "true") return 1;
    if (word === "false") return 0;
    return word;
  }

  private quoted(): string {
    const quote = this.text[this.pos]!;
    const start = this.pos++;
    let out = "";
    for (;;) {
      if (this.atEnd()) throw new SnbtSyntaxError("unterminated string", start);
      const c = this.text[this.pos++]!;
      if (c === quote) return out;
      if (c !== "\\") {
        out += c;
        continue;
      }
      const e = this.text[this.pos++];
      if (e === undefined) throw new SnbtSyntaxError("unterminated escape", this.pos);
      if (e in SIMPLE_ESCAPES) {
        out += SIMPLE_ESCAPES[e];
        continue;
      }
      const digits = HEX_ESCAPE_DIGITS[e];
      const hex = digits === undefined ? "" : this.text.slice(this.pos, this.pos + digits);
      if (digits === undefined || !/^[0-9a-fA-F]+$/.test(hex) || hex.length !== digits) {
        throw new SnbtSyntaxError(`bad escape '\\${e}'`, this.pos - 1);
      }
      this.pos += digits;
      const codePoint = Number.parseInt(hex, 16);
      if (codePoint > 0x10ffff)
        throw new SnbtSyntaxError(`escape '\\${e}${hex}' is beyond Unicode`, this.pos);
      out += String.fromCodePoint(codePoint);
    }
  }
}
