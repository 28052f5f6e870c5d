/**
 * What a server's event source is to the bridge, besides the mod (whose session the ingest runs):
 * a thing started and stopped with the server's lease that says whether it is live and how.
 * A source asks the arbiter (source-table.ts) which of its events to store; it knows nothing of the
 * object that runs it. A new source: a class implementing this, a row entry in SOURCE_PRIORITY,
 * its name in EVENT_SOURCES, and its store script including shared's stream writer (add-event.lua).
 */
import type { EventSourceName } from "@mcp-bridge/shared";

export interface EventSource {
  readonly name: EventSourceName;
  start(): void;
  stop(): Promise<void>;
  /** Live now (tailing, connected). */
  readonly active: boolean;
  /** One line for get_server_info and /readyz, e.g. "connected to …" or "waiting for …". */
  readonly state: string;
  /** Registers a listener for changes of `active` (its owner re-publishes the description at once). */
  onActiveChange?(listener: () => void): void;
}
