/** The bridge's Lua scripts (the files next to this one). */
import { loadScript } from "@mcp-bridge/shared";

const here = import.meta.url;
export const CLAIM_REQUEST = loadScript(here, "claim-request");
export const FINISH_REQUEST = loadScript(here, "finish-request");
export const SETTLE_REQUEST = loadScript(here, "settle-request");
export const TAKE_OVER_ACTIVE = loadScript(here, "take-over-active");
export const CLEAR_MARKER_IF_IDLE = loadScript(here, "clear-marker-if-idle");
export const PUSH_REPLY = loadScript(here, "push-reply");
export const MOD_SESSION_HELLO = loadScript(here, "mod-session-hello");
export const APPEND_MOD_EVENTS = loadScript(here, "append-mod-events");
export const COMMIT_LOG_EVENTS = loadScript(here, "commit-log-events");
export const ADD_MANAGEMENT_EVENT = loadScript(here, "add-management-event");
