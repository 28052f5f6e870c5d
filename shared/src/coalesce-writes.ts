/**
 * One system call per event-loop turn for a stream's writes, instead of one per write. Used on the
 * NPC service's Redis connections (npc/src/redis-writes.ts), where one turn issues several NPCs'
 * commands, transactions and job adds: about 6 per write at 1,000 chat lines/s. (Tried on the MCP
 * transports too, for pushed events: no CPU change measured there, so they write as before; see
 * docs/benchmarks.md section 3.)
 * The first write of a turn corks the stream; it is uncorked once the turn's callbacks and
 * microtasks ran (setImmediate), which writes everything written meanwhile at once (writev).
 * A write is delayed by at most the rest of the turn; order, backpressure (write() still returns
 * false past the high-water mark, and 'drain' follows the flush) and callbacks are the stream's own.
 */
import type { Writable } from "node:stream";

const coalesced = new WeakSet<Writable>();

/** Makes the stream coalesce its writes per event-loop turn (idempotent). Returns the stream. */
export function coalesceWrites<S extends Writable>(stream: S): S {
  if (coalesced.has(stream)) return stream;
  coalesced.add(stream);
  const write = stream.write;
  let corked = false;
  const flush = () => {
    corked = false;
    if (!stream.destroyed) stream.uncork();
  };
  stream.write = function (this: S, ...args: unknown[]): boolean {
    if (!corked && !stream.destroyed) {
      corked = true;
      stream.cork();
      setImmediate(flush);
    }
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as Writable["write"];
  return stream;
}
