/**
 * A bridge config for the tests and the benchmarks: a policy file, a private Redis prefix and a mod
 * peer (mod-peer.ts) on 127.0.0.1 at the given RCON port, with short timeouts and a silent log.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testRedisUrl, uniquePrefix } from "../../shared/testing/redis.js";
import { type BridgeConfig, loadConfig } from "../src/config.js";
import { PASSWORD } from "./mod-peer.js";

export const JOB_SECRET = "test-job-secret-0123456789";
export const EVENTS_TOKEN = "events-token-0123456789";

export function writePolicy(): string {
  const dir = mkdtempSync(join(tmpdir(), "bridge-policy-"));
  const file = join(dir, "policy.json");
  writeFileSync(
    file,
    JSON.stringify({
      roles: {
        // The length cap, so requests too large for one RCON packet reach the packet check.
        admin: { tools: ["*"], commands: [".*"], maxCommandLength: 1000 },
        reader: { tools: ["get_*"] },
      },
      clients: [
        { id: "alice", role: "admin" },
        { id: "bob", role: "reader" },
      ],
    }),
  );
  return file;
}

export function testConfig(rconPort: number, overrides: Record<string, string> = {}): BridgeConfig {
  return loadConfig({
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: uniquePrefix("jobs"),
    JOB_SECRET,
    POLICY_FILE: writePolicy(),
    MC_SERVER_ID: "s1",
    MC_RCON_HOST: "127.0.0.1",
    MC_RCON_PORT: String(rconPort),
    MC_RCON_PASSWORD: PASSWORD,
    MC_EVENTS_TOKEN: EVENTS_TOKEN,
    RCON_RECONNECT_BASE_MS: "50",
    RCON_RECONNECT_MAX_MS: "200",
    RCON_TIMEOUT_MS: "2000",
    LEASE_TTL_MS: "1000",
    LOG_LEVEL: "silent",
    ...overrides,
  });
}
