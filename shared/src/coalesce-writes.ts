/**
 * One system call per event-loop turn for a stream's writes, instead of one per write. A batch of
 * pushed events (one read of the event stream, up to 500) becomes as many MCP messages, each one
 * write to the client's socket or stdout, and a process talking to Redis writes each command on
 * its own; on this kind of VM a write to a local socket costs 50-150 µs (it wakes the reader), so
 * at 10,000 events/s the writes alone would fill a core.
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
