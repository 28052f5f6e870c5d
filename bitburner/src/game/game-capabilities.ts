/**
 * Which Bitburner is connected, learned by asking it (the game never says its version): for each
 * feature in game-versions.ts one read-only request whose answer differs between releases that
 * have it and those that do not. `getFile` of a name with the feature's extension: "Invalid file
 * extension" means it lacks it, "File doesn't exist" (or the content) means it has it.
 * `getFileMetadata`: "Unknown message received" means the method is missing. Nothing is written
 * and the names do not exist, so the player's save is untouched.
 * The probes go out together once per game connection, on the first call that needs them (a new
 * connection may be another release), and concurrent callers share them. A probe that fails for
 * want of a game or an answer is not cached: the caller gets that error, the next call asks again.
 */
import { BridgeError, type Logger } from "@mcp-bridge/shared";
import type { GameLink } from "./game-link.js";
import { type Capabilities, type FeatureName, type GameProfile, profileOf } from "./game-versions.js";
import type { RemoteApi } from "./remote-api.js";

/** A file that does not exist on home (if the player made one, the answer still tells the truth). */
const PROBE_NAME = "bitburner-mcp-version-probe";

/** Errors that say nothing about the game's features: the request got no answer. */
const NO_ANSWER = new Set(["CONNECTION_ERROR", "TIMEOUT"]);

type Verdict = boolean | undefined;

async function verdict(request: Promise<unknown>, byReason: Record<string, boolean>, otherwise: Verdict) {
  try {
    await request;
    return true;
  } catch (thrown) {
    const error = BridgeError.from(thrown);
    if (NO_ANSWER.has(error.code)) throw error;
    const reason = error.details?.reason;
    return typeof reason === "string" && reason in byReason ? byReason[reason] : otherwise;
  }
}

const takesExtension = (api: RemoteApi, extension: string) =>
  verdict(
    api.getFile("home", `${PROBE_NAME}${extension}`),
    { INVALID_EXTENSION: false, FILE_NOT_FOUND: true },
    undefined,
  );

const PROBES: Record<FeatureName, (api: RemoteApi) => Promise<Verdict>> = {
  json: (api) => takesExtension(api, ".json"),
  jsxTs: (api) => takesExtension(api, ".ts"),
  css: (api) => takesExtension(api, ".css"),
  // Any answer but "Unknown message received" comes from a handler that exists.
  fileMetadata: (api) =>
    verdict(api.getFileMetadata("home", `${PROBE_NAME}.txt`), { UNKNOWN_METHOD: false }, true),
};

export class GameCapabilities {
  private cached: { generation: number | undefined; value: Promise<GameProfile> } | undefined;

  constructor(
    private readonly api: RemoteApi,
    private readonly link: Pick<GameLink, "generation">,
    private readonly logger: Logger,
  ) {}

  /** What the connected game accepts and its version range (waits for a game like any call). */
  profile(): Promise<GameProfile> {
    const generation = this.link.generation;
    if (this.cached && generation !== undefined && this.cached.generation === generation)
      return this.cached.value;
    const value = this.probe();
    const entry = { generation, value };
    this.cached = entry;
    value.then(
      (profile) => {
        // A probe that waited for a game learns the generation only now.
        if (this.cached === entry) entry.generation = this.link.generation;
        this.logger.info({ gameVersion: profile.version }, "game version detected");
      },
      () => {
        if (this.cached === entry) this.cached = undefined;
      },
    );
    return value;
  }

  private async probe(): Promise<GameProfile> {
    const names = Object.keys(PROBES) as FeatureName[];
    const verdicts = await Promise.all(names.map((name) => PROBES[name](this.api)));
    return profileOf(Object.fromEntries(names.map((name, i) => [name, verdicts[i]])) as Capabilities);
  }
}
