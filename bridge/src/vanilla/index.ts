export { type CommandRunner, runVanilla, VANILLA_OPERATIONS, type VanillaContext } from "./operations.js";
export { type ServerStatus, statusPing } from "./status-ping.js";
