export { runVanilla } from "./operations.js";
export { createVanillaContext } from "./profile-detection.js";
export type { ServerProfile } from "./server-profile.js";
export { statusPing } from "./status-ping.js";
