/**
 * What the bridge reads from the server's `rpc.discover` document. In: the document (untrusted).
 * Out: the protocol version it declares (`info.version`: 1.0.0 in 1.21.9/1.21.10, 2.0.0 in
 * 1.21.11, 3.x in 26.x), whether this bridge supports its major, and which of the notifications the
 * bridge uses the server does not list. The bridge only reads notifications whose names and shapes
 * are the same in majors 1 to 3; a later major may have changed them.
 */
import { NOTIFICATION } from "./notifications.js";

const SUPPORTED_MAJORS = [1, 2, 3] as const;

export interface DiscoverSummary {
  /** `info.version` as declared, or "unknown" when the document has none. */
  version: string;
  supported: boolean;
  missing: string[];
}

export function summarizeDiscover(doc: unknown): DiscoverSummary {
  const d = (doc !== null && typeof doc === "object" ? doc : {}) as {
    info?: { version?: unknown };
    methods?: unknown;
  };
  const declared = typeof d.info?.version === "string" ? d.info.version.slice(0, 64) : "";
  const major = /^(\d+)\./.exec(declared)?.[1];
  const supported = major !== undefined && (SUPPORTED_MAJORS as readonly number[]).includes(Number(major));
  const listed = new Set(
    (Array.isArray(d.methods) ? d.methods : []).map((m) =>
      m !== null && typeof m === "object" ? m.name : undefined,
    ),
  );
  const missing = Object.values(NOTIFICATION).filter((n) => !listed.has(n));
  return { version: declared || "unknown", supported, missing };
}

/** The admin-facing note on an unsupported version, or undefined when it is supported. */
export function unsupportedNote(summary: DiscoverSummary): string | undefined {
  if (summary.supported) return undefined;
  return `management protocol version ${summary.version} is not one this bridge knows (majors ${SUPPORTED_MAJORS.join(", ")}: Minecraft 1.21.9 to 26.x); events are read as in 3.x and may be missed`;
}
