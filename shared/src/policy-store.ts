/**
 * Hot-reloaded policy: the file is polled; a valid new version replaces the
 * current one atomically, an invalid one is reported and the previous policy stays in force.
 * Connected clients keep their sessions; every check reads `current()`.
 */
import { readFileSync } from "node:fs";
import { parseJson } from "./ascii-json.js";
import { watchFileChanges } from "./file-watch.js";
import { Policy } from "./policy.js";

/** Subscribes to policy replacements (each valid reload); returns the unsubscribe. */
export type PolicyWatch = (listener: (policy: Policy) => void) => () => void;

export interface PolicyStoreEvents {
  onReload?: (policy: Policy) => void;
  onError?: (error: Error) => void;
}

export class PolicyStore {
  private policy: Policy;
  private unwatch: (() => void) | undefined;
  private readonly listeners = new Set<(policy: Policy) => void>();

  constructor(
    readonly path: string,
    private readonly events: PolicyStoreEvents = {},
  ) {
    this.policy = PolicyStore.read(path);
  }

  static read(path: string): Policy {
    return Policy.parse(parseJson(readFileSync(path, "utf8")));
  }

  current(): Policy {
    return this.policy;
  }

  /** Re-reads the file now; returns whether the new policy was applied. */
  reload(): boolean {
    try {
      this.policy = PolicyStore.read(this.path);
    } catch (error) {
      this.events.onError?.(error as Error);
      return false;
    }
    this.events.onReload?.(this.policy);
    for (const listener of this.listeners) listener(this.policy);
    return true;
  }

  /** Calls `listener` after each reload that applied a new policy (sessions redo their lists). */
  readonly onChange: PolicyWatch = (listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  watch(intervalMs = 500): this {
    this.unwatch ??= watchFileChanges(this.path, () => this.reload(), intervalMs);
    return this;
  }

  close(): void {
    this.unwatch?.();
    this.unwatch = undefined;
  }
}
