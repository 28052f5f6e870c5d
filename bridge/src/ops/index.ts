export { type BasicCredentials, basicAuth, parseBasicAuth } from "./basic-auth.js";
export { BOARD_PATH, type BoardOptions } from "./board.js";
export { type BridgeMetrics, createMetrics, QUEUE_STATES, serverIdOfQueue } from "./metrics.js";
export {
  buildOpsApp,
  createOpsServer,
  type OpsServer,
  type OpsServerOptions,
  type Readiness,
  type ReadinessCheck,
} from "./ops-server.js";
