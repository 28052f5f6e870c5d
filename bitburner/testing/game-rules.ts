/**
 * Test support: the game's own path rules, written from the rules of bitburner-src src/Paths/
 * (a regex over "directory/" parts and a "name.ext" file part, then "."/".." resolved against the
 * root), kept apart from bitburner/src so the property test compares two independent readings.
 */
/**
 * Releases the fake game can be. 2.6.0: .js .script .txt. 2.6.1: + .json. 2.8 (as 2.7.0): + .jsx .ts
 * .tsx, and getSaveFile (2.8.1). 3.0: + .css, getFileMetadata/getAllFileMetadata, reworded errors.
 */
export type GameVersion = "2.6.0" | "2.6.1" | "2.8" | "3.0";
const RANK: Record<GameVersion, number> = { "2.6.0": 0, "2.6.1": 1, "2.8": 2, "3.0": 3 };

/** Whether `version` is `since` or newer. */
export const atLeast = (version: GameVersion, since: GameVersion) => RANK[version] >= RANK[since];

const INVALID = ["/", "*", "?", "[", "]", "!", "\\", "~", "|", "#", '"', "'", " "];
const valid = `[^${INVALID.map((c) => `\\${c === " " ? "x20" : c}`).join("")}]`;
const fullPath = new RegExp(`^(?<directory>(?:${valid}+/)*)(?<file>${valid}+\\.${valid}+)$`);
const relativePart = /(?:^|\/)\.{1,2}\//;

/** What the game stores `path` as, or null when it refuses it ("Invalid file path"). */
export function gameResolvePath(path: string): string | null {
  if (!relativePart.test(path)) {
    const absolute = path.startsWith("/") ? path.slice(1) : path;
    return fullPath.test(absolute) ? absolute : null;
  }
  const parts = fullPath.exec(path)?.groups;
  if (!parts) return null;
  const dirs: string[] = [];
  for (const dir of parts.directory!.split("/").filter(Boolean)) {
    if (dir === ".") continue;
    if (dir === "..") {
      if (dirs.length === 0) return null;
      dirs.pop();
    } else dirs.push(dir);
  }
  return dirs.map((d) => `${d}/`).join("") + parts.file!;
}

function scriptExtensions(version: GameVersion): string[] {
  return atLeast(version, "2.8") ? [".js", ".jsx", ".ts", ".tsx", ".script"] : [".js", ".script"];
}

function textExtensions(version: GameVersion): string[] {
  return [
    ".txt",
    ...(atLeast(version, "2.6.1") ? [".json"] : []),
    ...(atLeast(version, "3.0") ? [".css"] : []),
  ];
}

export function isScript(path: string, version: GameVersion): boolean {
  return scriptExtensions(version).some((e) => path.endsWith(e));
}

export function isContentFile(path: string, version: GameVersion): boolean {
  return isScript(path, version) || textExtensions(version).some((e) => path.endsWith(e));
}
