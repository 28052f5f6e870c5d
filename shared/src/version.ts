/**
 * Protocol versioning: semver strings; an unsupported MAJOR is refused,
 * MINOR/PATCH differences are compatible (unknown fields are ignored by the schemas).
 */
import { BridgeError } from "./errors.js";

export const PROTOCOL_VERSION = "1.0.0";
/** Versions this build can speak, highest first. */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [PROTOCOL_VERSION];

export interface SemVer {
  major: number;
  minor: number;
  patch: number;
}

const SEMVER = /^(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})$/;

export function parseSemver(version: string): SemVer | undefined {
  const m = SEMVER.exec(version);
  if (!m) return undefined;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]) };
}

export function compareSemver(a: SemVer, b: SemVer): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

/** True when a message of `version` can be read by a peer that supports `supported`. */
export function isCompatible(version: string, supported: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS) {
  const v = parseSemver(version);
  if (!v) return false;
  return supported.some((s) => parseSemver(s)?.major === v.major);
}

/** Throws SCHEMA_ERROR (field `version`) when the version is malformed or of an unsupported MAJOR. */
export function assertCompatible(
  version: string,
  supported: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS,
) {
  if (!parseSemver(version)) {
    throw new BridgeError(
      "SCHEMA_ERROR",
      `Field 'version': '${version}' is not a MAJOR.MINOR.PATCH version`,
      {
        details: { field: "version", reason: "not a semantic version" },
      },
    );
  }
  if (!isCompatible(version, supported)) {
    throw new BridgeError(
      "SCHEMA_ERROR",
      `Field 'version': protocol version ${version} is not supported (supported: ${supported.join(", ")})`,
      { details: { field: "version", reason: "unsupported major version", supported: [...supported] } },
    );
  }
}

/**
 * The highest version both sides support. Same MAJOR required; the result is the lower of the
 * two peers' highest versions within that MAJOR ("highest mutually supported").
 */
export function negotiateVersion(
  theirs: readonly string[],
  ours: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS,
): string | undefined {
  let best: SemVer | undefined;
  for (const o of ours.map(parseSemver)) {
    for (const t of theirs.map(parseSemver)) {
      if (!o || !t || o.major !== t.major) continue;
      const common = compareSemver(o, t) <= 0 ? o : t;
      if (!best || compareSemver(common, best) > 0) best = common;
    }
  }
  return best ? `${best.major}.${best.minor}.${best.patch}` : undefined;
}
