export { type BridgeMetrics, createMetrics } from "./metrics.js";
export { createOpsServer, type OpsServer, type Readiness } from "./ops-server.js";
