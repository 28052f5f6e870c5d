/** Public surface of the bridge package: the composition root and its configuration. */
export { type Bridge, type BridgeDeps, createBridge } from "./bridge.js";
export {
  type BridgeConfig,
  configSummary,
  loadConfig,
  type ServerConfig,
  ServerConfigSchema,
} from "./config.js";
export { MAX_RCON_COMMAND_BYTES } from "./jobs/mod-command.js";
export type { BridgeMetrics, Readiness } from "./ops/index.js";
export type { Capability } from "./servers/capability.js";
export type { ServerStatus } from "./servers/server-runtime.js";
