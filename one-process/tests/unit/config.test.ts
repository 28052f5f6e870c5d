// The one process's configuration: both parts' variables from one environment, every problem of
// both listed at once, MCP_SERVERS defaulting to the bridge's servers (empty means unset).
import { ConfigError } from "@mcp-bridge/shared";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";

const BASE = {
  REDIS_URL: "redis://127.0.0.1:1",
  JOB_SECRET: "job-secret-0123456789abcdef",
  POLICY_FILE: "/nonexistent/policy.json",
  MC_SERVER_ID: "survival",
  MC_RCON_HOST: "127.0.0.1",
  MC_RCON_PASSWORD: "pw",
  MC_EVENTS_TOKEN: "events-token-0123456789",
};

function problems(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("one-process config", () => {
  it("reads each part's variables with its own schema", () => {
    const config = loadConfig({ ...BASE, MCP_PORT: "3100", BRIDGE_PORT: "8180", REDIS_PREFIX: "p" });
    expect(config.mcp.http.port).toBe(3100);
    expect(config.bridge.http.port).toBe(8180);
    expect(config.mcp.redisPrefix).toBe("p");
    expect(config.bridge.redisPrefix).toBe("p");
    expect(config.mcp.jobSecret).toBe(config.bridge.jobSecret);
  });

  it.each([
    ["unset", undefined],
    ["empty", ""],
    ["spaces", "  "],
  ])("MCP_SERVERS %s serves the bridge's servers", (_name, value) => {
    expect(loadConfig({ ...BASE, MCP_SERVERS: value }).mcp.servers).toEqual(["survival"]);
  });

  it("MCP_SERVERS set is kept", () => {
    expect(loadConfig({ ...BASE, MCP_SERVERS: "survival,creative" }).mcp.servers).toEqual([
      "survival",
      "creative",
    ]);
  });

  it("lists the problems of both parts at once", () => {
    const found = problems({ ...BASE, MC_RCON_HOST: "", MCP_PORT: "70000" });
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^MC_RCON_HOST: /);
    expect(found[1]).toMatch(/^MCP_PORT: /);
  });

  it("a problem of a variable both parts read is listed once", () => {
    expect(problems({ ...BASE, JOB_SECRET: "" })).toEqual([expect.stringMatching(/^JOB_SECRET: /)]);
  });

  it("refuses one port for both servers", () => {
    expect(problems({ ...BASE, MCP_PORT: "9000", BRIDGE_PORT: "9000" })).toEqual([
      expect.stringMatching(/^MCP_PORT, BRIDGE_PORT: .*9000/),
    ]);
  });
});
