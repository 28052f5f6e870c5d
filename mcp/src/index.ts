/** Public surface of the MCP server package. */
export { Access } from "./auth/access.js";
export { RateLimiter } from "./auth/rate-limiter.js";
export { configSummary, loadConfig, type McpConfig } from "./config.js";
export type { ServerDeps, SessionContext, ToolDeps } from "./deps.js";
export { EventLog } from "./events/event-log.js";
export { type EventRecord, EventRecordSchema } from "./events/event-record.js";
export { Subscription } from "./events/subscription.js";
export { JobClient } from "./jobs/job-client.js";
export { createRuntime, type Runtime } from "./runtime.js";
export { createServer } from "./server.js";
export { TOOL_NAMES } from "./tools/index.js";
export { ERROR_META_KEY } from "./tools/tool-kit.js";
export { createHttpApp, startHttp } from "./transports/http.js";
export { startStdio } from "./transports/stdio.js";
export { VERSION } from "./version.js";
