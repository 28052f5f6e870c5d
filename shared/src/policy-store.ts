/**
 * Hot-reloaded policy: the file is polled; a valid new version replaces the
 * current one atomically, an invalid one is reported and the previous policy stays in force.
 * Connected clients keep their sessions; every check reads `current()`.
 */
import { readFileSync } from "node:fs";
import { parseJson } from "./ascii-json.js";
import { watchFileChanges } from "./file-watch.js";
import { Policy } from "./policy.js";

export interface PolicyStoreEvents {
  onReload?: (policy: Policy) => void;
  onError?: (error: Error) => void;
}

export class PolicyStore {
  private policy: Policy;
  private unwatch: (() => void) | undefined;

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
      this.events.onReload?.(this.policy);
      return true;
    } catch (error) {
      this.events.onError?.(error as Error);
      return false;
    }
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
