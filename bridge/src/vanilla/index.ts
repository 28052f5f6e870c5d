export { type CommandRunner, runVanilla, VANILLA_OPERATIONS, type VanillaContext } from "./operations.js";
export { createVanillaContext } from "./profile-detection.js";
export { type Brand, describeProfile, type ServerProfile } from "./server-profile.js";
export { type ServerStatus, statusPing } from "./status-ping.js";
