/**
 * Polling a file for changes, for the files that are reloaded without a restart (the policy, the
 * NPC definitions). Polling (fs.watchFile) rather than fs.watch: it also sees a file replaced by
 * rename, as editors and `policy --merge` do, and works the same on every filesystem. A change is a
 * new modification time or size. The returned function stops THIS watch only: other watches of the
 * same path in the process (the NPC service and its ops server both watch the policy) keep going.
 */
import { type StatsListener, unwatchFile, watchFile } from "node:fs";

export function watchFileChanges(path: string, onChange: () => void, intervalMs = 500): () => void {
  const listener: StatsListener = (curr, prev) => {
    if (curr.mtimeMs !== prev.mtimeMs || curr.size !== prev.size) onChange();
  };
  watchFile(path, { interval: intervalMs, persistent: false }, listener);
  let watching = true;
  return () => {
    if (watching) unwatchFile(path, listener);
    watching = false;
  };
}
