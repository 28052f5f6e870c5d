/**
 * Splits NetscriptDefinitions.d.ts (about 300 KB) into its top-level declarations so a tool can
 * return one of them, or search it, instead of the whole file. A section starts at the doc comment
 * right above a top-level `interface`/`type`/`enum`/... line and ends where the next one starts.
 */
export interface Section {
  name: string;
  kind: string;
  /** 1-based line of the declaration itself. */
  line: number;
  start: number;
  end: number;
}

export interface IndexedDefinitions {
  text: string;
  sections: Section[];
  /** Start offset of every line, for line numbers of search hits. */
  lineStarts: number[];
}

const DECLARATION =
  /^(?:export\s+)?(?:declare\s+)?(?:const\s+)?(interface|type|enum|class|function|namespace|const|let|var)\s+([A-Za-z_$][\w$]*)/;
/** A doc comment or line comment starting in column 0, and the " * ..." lines of such a comment. */
const TOP_COMMENT = /^(?:\/\*|\/\/)/;
const COMMENT_CONTINUATION = /^\s*\*/;

export function indexDefinitions(text: string): IndexedDefinitions {
  const lineStarts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lineStarts.push(i + 1);
  const lineText = (n: number) => text.slice(lineStarts[n], (lineStarts[n + 1] ?? text.length + 1) - 1);

  const starts: { name: string; kind: string; line: number; start: number }[] = [];
  let commentStart: number | undefined;
  for (let n = 0; n < lineStarts.length; n++) {
    const line = lineText(n);
    if (TOP_COMMENT.test(line)) {
      commentStart ??= n;
      continue;
    }
    if (commentStart !== undefined && COMMENT_CONTINUATION.test(line)) continue;
    const match = DECLARATION.exec(line);
    if (match)
      starts.push({ kind: match[1]!, name: match[2]!, line: n + 1, start: lineStarts[commentStart ?? n]! });
    commentStart = undefined;
  }
  const sections = starts.map((s, i) => ({ ...s, end: starts[i + 1]?.start ?? text.length }));
  return { text, sections, lineStarts };
}

/** 1-based line number of a character offset. */
export function lineOf(index: IndexedDefinitions, offset: number): number {
  let lo = 0;
  let hi = index.lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (index.lineStarts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** The section that contains a character offset, if any. */
export function sectionAt(index: IndexedDefinitions, offset: number): Section | undefined {
  let lo = 0;
  let hi = index.sections.length - 1;
  let found: Section | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = index.sections[mid]!;
    if (s.start <= offset) {
      found = s;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found && offset < found.end ? found : undefined;
}
