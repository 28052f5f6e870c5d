/** Public surface of the MCP server package. */

export { type EventRecord, EventRecordSchema } from "@mcp-bridge/shared/events";
export { JobClient } from "@mcp-bridge/shared/queue";
export { Access } from "./auth/access.js";
export { RateLimiter } from "./auth/rate-limiter.js";
export { configSummary, loadConfig, type McpConfig } from "./config.js";
export type { ServerDeps, SessionContext, ToolDeps } from "./deps.js";
export { EventLog } from "./events/event-log.js";
export { Subscription } from "./events/subscription.js";
export { mcpProcess } from "./mcp-process.js";
export { createRuntime, type Runtime } from "./runtime.js";
export { createServer } from "./server.js";
export { ERROR_META_KEY } from "./tools/tool-kit.js";
export { startHttp } from "./transports/http.js";
export { startStdio } from "./transports/stdio.js";
export { VERSION } from "./version.js";
