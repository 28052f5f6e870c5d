/**
 * What server the bridge talks to in vanilla mode: its Minecraft version and its brand.
 * In: the version name of the status ping ("1.21.4", "Paper 1.21.4", "Spigot 1.20.6", ...) and,
 * when the ping gave no version, the answer to the `version` command (vanilla 1.21.6+ prints
 * "Server version info:" with "name = 1.21.11"; Bukkit servers print "This server is running Paper
 * version ... (MC: 1.21.4) ..."). Out: {version, brand, source}. Fabric and NeoForge servers without
 * our mod report a bare version like vanilla and answer with vanilla's texts, so they are "vanilla".
 */
export const BRANDS = ["vanilla", "paper", "spigot", "craftbukkit", "purpur", "folia", "unknown"] as const;
export type Brand = (typeof BRANDS)[number];

export interface ServerProfile {
  /** Minecraft version ("1.21.4", "26.1"), undefined when nothing told it. */
  version: string | undefined;
  brand: Brand;
  /** Where the facts came from, for logs and error messages. */
  source: string;
}

export const UNKNOWN_PROFILE: ServerProfile = {
  version: undefined,
  brand: "unknown",
  source: "not detected",
};

const VERSION = /\b(\d+\.\d+(?:\.\d+)?|\d\dw\d\d[a-z])\b/;
const BUKKIT_BRANDS: Readonly<Record<string, Brand>> = {
  paper: "paper",
  spigot: "spigot",
  craftbukkit: "craftbukkit",
  purpur: "purpur",
  folia: "folia",
};

/** Bukkit-family servers run plugins that may replace vanilla commands (EssentialsX's list). */
export function isBukkit(profile: ServerProfile): boolean {
  return profile.brand !== "vanilla" && profile.brand !== "unknown";
}

/** From the status ping's version.name. */
export function profileFromStatusName(name: string): ServerProfile {
  const version = VERSION.exec(name)?.[1];
  const first = /^([A-Za-z]+)\s/.exec(name.trim())?.[1]?.toLowerCase();
  const brand = first ? (BUKKIT_BRANDS[first] ?? "unknown") : version ? "vanilla" : "unknown";
  return { version, brand, source: `status ping version "${name.slice(0, 80)}"` };
}

/**
 * The brand a Bukkit version line names: "Paper", "Purpur", ...; Spigot called itself "CraftBukkit"
 * until 1.20 with "Spigot" in the build ("3284-a-Spigot-3892929-0ab8487"), old Paper "PaperSpigot".
 */
function bukkitBrand(name: string, build: string): Brand {
  const brand = BUKKIT_BRANDS[name.toLowerCase()] ?? "unknown";
  if (brand !== "craftbukkit") return brand;
  if (/PaperSpigot/i.test(build)) return "paper";
  return /Spigot/i.test(build) ? "spigot" : brand;
}

/**
 * From the answer to `version` (formatting already stripped); undefined when it says nothing usable.
 * Bukkit: "This server is running Paper version 1.21.1-116-master@e7e1ab5 (...) (Implementing API
 * version 1.21.1-R0.1-SNAPSHOT)", older builds "... version git-Paper-497 (MC: 1.20.4) (...)".
 * Vanilla 1.21.6+: "Server version info:" then "id = 1.21.11", "name = 1.21.11", ... (one line
 * each, or run together over RCON).
 */
export function profileFromVersionAnswer(answer: string): ServerProfile | undefined {
  const bukkit = /This server is running (\w+) version (\S+)(.*)/s.exec(answer);
  if (bukkit) {
    const [, name, build, rest] = bukkit as unknown as [string, string, string, string];
    const version =
      /\(MC: (\d+\.\d+(?:\.\d+)?)\)/.exec(rest)?.[1] ??
      /^(\d+\.\d+(?:\.\d+)?)-/.exec(build)?.[1] ??
      /Implementing API version (\d+\.\d+(?:\.\d+)?)-/.exec(rest)?.[1];
    return { version, brand: bukkitBrand(name, build), source: "the version command" };
  }
  const vanilla = /Server version info:.*?name = (\d+\.\d+(?:\.\d+)?|\d\dw\d\d[a-z])/s.exec(answer);
  if (vanilla) return { version: vanilla[1], brand: "vanilla", source: "the version command" };
  return undefined;
}

/** "Minecraft 1.21.11 (paper)" / "an unknown Minecraft version (brand unknown)". */
export function describeProfile(profile: ServerProfile): string {
  const version = profile.version ? `Minecraft ${profile.version}` : "an unknown Minecraft version";
  return `${version} (${profile.brand === "unknown" ? "brand unknown" : profile.brand}; from ${profile.source})`;
}

/** -1, 0, 1 comparing dotted release versions ("1.21.9" < "1.21.11" < "26.1"); snapshots sort last. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) =>
    /^\d+(\.\d+)*$/.test(v) ? v.split(".").map(Number) : [Number.MAX_SAFE_INTEGER];
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}
