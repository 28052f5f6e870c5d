/** Public surface of the one-process package: its configuration and its composition root. */
export { configSummary, loadConfig, type OneProcessConfig } from "./config.js";
export { type OneProcess, type OneProcessDeps, startOneProcess } from "./one-process.js";
