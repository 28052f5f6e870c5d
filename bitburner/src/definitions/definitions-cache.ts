/**
 * The game's definition file, fetched once per game connection (a new connection may be another
 * game version) and indexed into sections. Concurrent callers share one request; a failed fetch is
 * not cached.
 */
import type { GameLink } from "../game/game-link.js";
import type { RemoteApi } from "../game/remote-api.js";
import { type IndexedDefinitions, indexDefinitions } from "./sections.js";

export class DefinitionsCache {
  private cached: { generation: number | undefined; value: Promise<IndexedDefinitions> } | undefined;

  constructor(
    private readonly api: RemoteApi,
    private readonly link: Pick<GameLink, "generation">,
  ) {}

  get(): Promise<IndexedDefinitions> {
    const generation = this.link.generation;
    if (this.cached && generation !== undefined && this.cached.generation === generation)
      return this.cached.value;
    const value = this.api.getDefinitionFile().then(indexDefinitions);
    const entry = { generation, value };
    this.cached = entry;
    value.then(
      () => {
        // A call that waited for a game learns the generation only now.
        if (this.cached === entry) entry.generation = this.link.generation;
      },
      () => {
        if (this.cached === entry) this.cached = undefined;
      },
    );
    return value;
  }
}
