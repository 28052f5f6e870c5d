/** The producer side of the queue contract (mcp, npc): signed jobs, outcomes through the process's own reply list. */
export * from "./failure.js";
export * from "./job-client.js";
export * from "./redis-guard.js";
export * from "./reply-inbox.js";
export * from "./server-state.js";
export * from "./single-flight.js";
