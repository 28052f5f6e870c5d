export type { EventIngest } from "./ingest.js";
export { createEventIngest } from "./ingest.js";
