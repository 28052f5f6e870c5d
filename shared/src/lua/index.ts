/** shared's Lua scripts (the files next to this one). */
import { loadScript } from "../redis-script.js";

export const RENEW_LEASE = loadScript(import.meta.url, "renew-lease");
export const RELEASE_LEASE = loadScript(import.meta.url, "release-lease");
export const JOIN_FLIGHT = loadScript(import.meta.url, "join-flight");
