/** The producer side of the queue contract (mcp, npc): signed jobs, one QueueEvents per queue. */
export * from "./failure.js";
export * from "./job-client.js";
export * from "./redis-guard.js";
