export { bearerToken, secretsEqual } from "./auth.js";
export type { AppendResult, EventStore, HelloResult, StoredEvent } from "./event-store.js";
export { RedisEventStore } from "./event-store.js";
export type { EventIngest, EventIngestOptions, EventSessionStatus } from "./ingest.js";
export { createEventIngest, EVENTS_PATH } from "./ingest.js";
export type { EventMetrics, SessionOptions, SessionTransport } from "./session.js";
export { EventSession } from "./session.js";
