/**
 * The definitions file, hot-reloaded: polled like the policy file (shared watchFileChanges); a valid
 * new version replaces the current one (listeners see old and new, so the service can summon, remove
 * or re-summon NPCs), an invalid one is reported with every problem and the previous definitions stay
 * in force.
 */
import { readFileSync } from "node:fs";
import { BridgeError, parseJson, watchFileChanges } from "@mcp-bridge/shared";
import { parse as parseYaml } from "yaml";
import { functionPatternProblems } from "./command-patterns.js";
import { duplicateIdProblems, type NpcDefinition, type NpcFile, NpcFileSchema } from "./schema.js";

export function parseDefinitions(text: string, path: string): NpcFile {
  let raw: unknown;
  try {
    raw = /\.ya?ml$/i.test(path) ? parseYaml(text) : parseJson(text);
  } catch (error) {
    throw new BridgeError(
      "SCHEMA_ERROR",
      `NPC definitions ${path}: not valid ${/\.ya?ml$/i.test(path) ? "YAML" : "JSON"}: ${(error as Error).message}`,
    );
  }
  const result = NpcFileSchema.safeParse(raw);
  const problems = [
    ...(result.success
      ? []
      : result.error.issues.map((i) => `${i.path.join(".") || "(file)"}: ${i.message}`)),
    ...duplicateIdProblems(raw),
    ...(result.success ? guardedPatternProblems(result.data) : []),
  ];
  if (!result.success || problems.length > 0) {
    throw new BridgeError(
      "SCHEMA_ERROR",
      `NPC definitions ${path} are invalid:\n  - ${problems.join("\n  - ")}`,
      {
        details: { problems },
      },
    );
  }
  return result.data as NpcFile;
}

/** Function patterns that fail pattern safety only once the denied-verb guard is in front (length). */
function guardedPatternProblems(file: NpcFile): string[] {
  return file.npcs.flatMap((npc, i) =>
    functionPatternProblems(npc).map(
      ({ index, problem }) =>
        `npcs.${i}.permissions.allowedCommands.${index}: with the guard for denied verbs in front, the pattern is refused: ${problem}`,
    ),
  );
}

export type DefinitionsListener = (next: NpcDefinition[], previous: NpcDefinition[]) => void;

export class DefinitionStore {
  /** The enabled NPCs of the file in force, and by id (asked for every chat line: computed once per file). */
  private enabled: readonly NpcDefinition[] = [];
  private byId = new Map<string, NpcDefinition>();
  private unwatch: (() => void) | undefined;
  private readonly listeners = new Set<DefinitionsListener>();

  constructor(
    readonly path: string,
    private readonly onError: (error: Error) => void = () => undefined,
  ) {
    this.use(DefinitionStore.read(path));
  }

  private use(file: NpcFile): void {
    this.enabled = file.npcs.filter((n) => n.enabled);
    this.byId = new Map(this.enabled.map((n) => [n.id, n]));
  }

  static read(path: string): NpcFile {
    return parseDefinitions(readFileSync(path, "utf8"), path);
  }

  /** Enabled NPCs. */
  all(): NpcDefinition[] {
    return [...this.enabled];
  }

  /** Enabled NPCs, the store's own list: read it, never change it. */
  current(): readonly NpcDefinition[] {
    return this.enabled;
  }

  get(id: string): NpcDefinition | undefined {
    return this.byId.get(id);
  }

  onChange(listener: DefinitionsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Re-reads the file now; returns whether the new definitions were applied. */
  reload(): boolean {
    let next: NpcFile;
    try {
      next = DefinitionStore.read(this.path);
    } catch (error) {
      this.onError(error as Error);
      return false;
    }
    const previous = this.all();
    this.use(next);
    for (const listener of this.listeners) listener(this.all(), previous);
    return true;
  }

  watch(intervalMs = 500): this {
    this.unwatch ??= watchFileChanges(this.path, () => this.reload(), intervalMs);
    return this;
  }

  close(): void {
    this.unwatch?.();
    this.unwatch = undefined;
  }
}
