/**
 * What each Bitburner release added to the Remote API that our tools depend on, in ONE table
 * (bitburner-src: src/Paths/ScriptFilePath.ts and TextFilePath.ts, src/RemoteFileAPI/, the
 * changelogs). The game never reports its version, so game-capabilities.ts asks the connected game
 * about each feature and this file turns the answers into what that game accepts and a version
 * range to name in messages ("2.6.0", "2.7.0 or newer, older than 3.0.0").
 */

interface Feature {
  /** The first release that has it. */
  since: string;
  scripts: readonly string[];
  texts: readonly string[];
}

/** 2.6.0, the oldest release we support: scripts and text files the game has always taken. */
const BASE: Feature = { since: "2.6.0", scripts: [".js", ".script"], texts: [".txt"] };

export const FEATURES = {
  /** "allow json" (#1137), released in 2.6.1. */
  json: { since: "2.6.1", scripts: [], texts: [".json"] },
  /** "Support JSX, TS, TSX script files", 2.7.0. */
  jsxTs: { since: "2.7.0", scripts: [".jsx", ".ts", ".tsx"], texts: [] },
  /** "Support css file type" (#2378), 3.0.0. */
  css: { since: "3.0.0", scripts: [], texts: [".css"] },
  /** getFileMetadata / getAllFileMetadata ("Add file metadata", #1271, #2199), 3.0.0. */
  fileMetadata: { since: "3.0.0", scripts: [], texts: [] },
} as const satisfies Record<string, Feature>;

export type FeatureName = keyof typeof FEATURES;
const NAMES = Object.keys(FEATURES) as FeatureName[];

/**
 * What the connected game answered per feature: true/false, or undefined when its answer could not
 * be read (then the feature counts as present, so the game itself decides and nothing valid is refused).
 */
export type Capabilities = Record<FeatureName, boolean | undefined>;

/** Every extension any supported release takes (the checks made before a game is known). */
export const ALL_SCRIPT_EXTENSIONS = [BASE, ...Object.values(FEATURES)].flatMap((f) => f.scripts);
export const ALL_TEXT_EXTENSIONS = [BASE, ...Object.values(FEATURES)].flatMap((f) => f.texts);

const has = (caps: Capabilities, name: FeatureName) => caps[name] !== false;

/** What one game accepts, and the name of its version range. */
export interface GameProfile {
  version: string;
  scripts: string[];
  texts: string[];
  fileMetadata: boolean;
}

const order = (v: string) => v.split(".").reduce((n, part) => n * 1000 + Number(part), 0);

export function profileOf(caps: Capabilities): GameProfile {
  const present = NAMES.filter((n) => caps[n] === true).map((n) => FEATURES[n].since);
  const absent = NAMES.filter((n) => caps[n] === false).map((n) => FEATURES[n].since);
  const lower = [BASE.since, ...present].sort((a, b) => order(b) - order(a))[0]!;
  const upper = absent.sort((a, b) => order(a) - order(b))[0];
  const version =
    upper === undefined
      ? `${lower} or newer`
      : lower === BASE.since && upper === FEATURES.json.since
        ? BASE.since
        : `${lower} or newer, older than ${upper}`;
  const features = [BASE, ...NAMES.filter((n) => has(caps, n)).map((n) => FEATURES[n])];
  return {
    version,
    scripts: features.flatMap((f) => f.scripts),
    texts: features.flatMap((f) => f.texts),
    fileMetadata: has(caps, "fileMetadata"),
  };
}

/** The release that first took this extension (for "needs Bitburner X"), if any does. */
export function releaseTaking(extension: string, kind: "script" | "content"): string | undefined {
  const all = [BASE, ...Object.values(FEATURES)];
  return all.find((f) => (kind === "script" ? f.scripts : [...f.scripts, ...f.texts]).includes(extension))
    ?.since;
}
