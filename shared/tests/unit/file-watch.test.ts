/**
 * watchFileChanges, the one file poller behind the policy's and the NPC definitions' hot reload:
 * a change of content (size or modification time) and a file replaced by rename are seen; a touch-free
 * poll is not a change; stopping one watch leaves the other watches of the same file running.
 */
import { mkdtempSync, renameSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PolicyStore, watchFileChanges } from "../../src/index.js";

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function file(text = "one") {
  const path = join(mkdtempSync(join(tmpdir(), "file-watch-")), "watched.json");
  writeFileSync(path, text);
  return path;
}

function watch(path: string) {
  const seen = { count: 0 };
  const stop = watchFileChanges(path, () => seen.count++, 20);
  stops.push(stop);
  return { seen, stop };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Long enough for the watcher's first stat on a loaded machine (a change before it is not one). */
const FIRST_POLL_MS = 300;
/** How long a poll every 20 ms may take to report, generously (CI shares its cores). */
const patience = { timeout: 5000 };

describe("watchFileChanges", () => {
  it("sees a rewrite, a new mtime alone and a replacement by rename; nothing else", async () => {
    const path = file("one");
    const { seen: changes } = watch(path);
    await wait(FIRST_POLL_MS);
    expect(changes.count).toBe(0);
    writeFileSync(path, "three");
    await vi.waitFor(() => expect(changes.count).toBe(1), patience);
    utimesSync(path, new Date(), new Date(Date.now() + 5000));
    await vi.waitFor(() => expect(changes.count).toBe(2), patience);
    writeFileSync(`${path}.tmp`, "replaced by rename");
    renameSync(`${path}.tmp`, path);
    await vi.waitFor(() => expect(changes.count).toBe(3), patience);
    await wait(100);
    expect(changes.count).toBe(3);
  });

  it("stopping one watch leaves the others of the same file running", async () => {
    const path = file();
    const a = watch(path);
    const b = watch(path);
    await wait(FIRST_POLL_MS); // the first poll: a change before it has nothing to compare with
    a.stop();
    a.stop(); // idempotent
    writeFileSync(path, "changed");
    await vi.waitFor(() => expect(b.seen.count).toBe(1), patience);
    expect(a.seen.count).toBe(0);
  });

  it("closing one PolicyStore does not stop another store's reloads of the same file", async () => {
    const policy = (role: string) =>
      JSON.stringify({ roles: { [role]: { tools: ["*"] } }, clients: [{ id: "c", role }] });
    const path = file(policy("first"));
    const closed = new PolicyStore(path).watch(20);
    const open = new PolicyStore(path).watch(20);
    stops.push(() => open.close());
    await wait(FIRST_POLL_MS);
    closed.close();
    writeFileSync(path, policy("second"));
    await vi.waitFor(() => expect(open.current().clientById("c")?.role).toBe("second"), patience);
    expect(closed.current().clientById("c")?.role).toBe("first");
  });
});
