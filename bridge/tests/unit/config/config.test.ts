import { ConfigError } from "@mcp-bridge/shared";
import { describe, expect, it } from "vitest";
import { expectEmptyMeansUnset } from "../../../../shared/testing/config.js";
import { BridgeEnvSchema, configSummary, loadConfig } from "../../../src/config.js";

const base = {
  REDIS_URL: "redis://127.0.0.1:6379",
  JOB_SECRET: "0123456789abcdef0123",
  POLICY_FILE: "policy.json",
  MC_RCON_HOST: "127.0.0.1",
  MC_RCON_PASSWORD: "pw",
  MC_EVENTS_TOKEN: "events-token-0123456789",
};

function problemsOf(env: Record<string, string | undefined>, readFile?: (p: string) => string): string[] {
  try {
    loadConfig(env, readFile);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("loadConfig", () => {
  it("reads the settings shared with the MCP server by the same rules (shared config kit)", () => {
    expect(loadConfig({ ...base, REDIS_PREFIX: "p".repeat(40) }).redisPrefix).toHaveLength(40);
    expect(problemsOf({ ...base, REDIS_PREFIX: "p".repeat(65) })[0]).toMatch(/REDIS_PREFIX: must be 1-64/);
    expect(problemsOf({ ...base, JOB_SECRET: "<same as the bridge>" })[0]).toMatch(
      /JOB_SECRET: looks like a placeholder/,
    );
    expect(loadConfig({ ...base, LOG_LEVEL: "" }).logLevel).toBe("info");
  });

  it("reads an empty variable as unset: its default applies", () => {
    expect(loadConfig({ ...base, BRIDGE_PORT: "", MC_RCON_PORT: " " })).toMatchObject({
      http: { port: 8080 },
      servers: [{ rconPort: 25575 }],
    });
    expectEmptyMeansUnset(Object.keys(BridgeEnvSchema.shape), base, (env) => loadConfig(env));
  });

  it("applies the documented defaults for the single-server shortcut", () => {
    const config = loadConfig(base);
    expect(config.redisPrefix).toBe("mcpb");
    expect(config.servers).toEqual([
      {
        id: "default",
        rconHost: "127.0.0.1",
        rconPort: 25575,
        rconPassword: "pw",
        eventsToken: "events-token-0123456789",
        statusPort: 25565,
        logFromStart: false,
      },
    ]);
    expect(config.http).toEqual({ host: "127.0.0.1", port: 8080 });
    expect(config.rcon.reconnectAttempts).toBe(Number.POSITIVE_INFINITY);
    expect(config).toMatchObject({ batchMax: 32, workerConcurrency: 64, leaseTtlMs: 5000 });
    expect(config.events).toEqual({
      streamMaxLen: 100_000,
      maxFrameBytes: 65_536,
      heartbeatMs: 15_000,
      logTailPollMs: 40,
    });
  });

  it("reads the log file and the management endpoint, which needs its secret", () => {
    const config = loadConfig({
      ...base,
      MC_LOG_FILE: "/data/logs/latest.log",
      MC_MANAGEMENT_URL: "wss://127.0.0.1:25585",
      MC_MANAGEMENT_SECRET: "abc",
    });
    expect(config.servers[0]).toMatchObject({
      logFile: "/data/logs/latest.log",
      managementUrl: "wss://127.0.0.1:25585",
      managementSecret: "abc",
    });
    expect(problemsOf({ ...base, MC_MANAGEMENT_URL: "wss://127.0.0.1:25585" }).join("\n")).toMatch(
      /MC_MANAGEMENT_SECRET/,
    );
    expect(
      problemsOf({ ...base, MC_MANAGEMENT_URL: "http://x", MC_MANAGEMENT_SECRET: "s" }).join("\n"),
    ).toMatch(/MC_MANAGEMENT_URL: must be a ws/);
    expect(
      JSON.stringify(
        configSummary(
          loadConfig({ ...base, MC_MANAGEMENT_URL: "ws://h:1", MC_MANAGEMENT_SECRET: "s3cr3t-value" }),
        ),
      ),
    ).not.toContain("s3cr3t-value");
  });

  it("lists every problem at once, naming the variable", () => {
    const problems = problemsOf({ JOB_SECRET: "short", BATCH_MAX: "x" });
    const keys = problems.map((p) => p.split(":")[0]);
    expect(keys).toEqual(expect.arrayContaining(["REDIS_URL", "JOB_SECRET", "POLICY_FILE", "BATCH_MAX"]));
  });

  it("names the missing single-server variables", () => {
    const problems = problemsOf({ ...base, MC_RCON_HOST: undefined, MC_RCON_PASSWORD: "" });
    expect(problems.join("\n")).toMatch(/MC_RCON_HOST/);
    expect(problems.join("\n")).toMatch(/MC_RCON_PASSWORD/);
  });

  it("reads servers from BRIDGE_SERVERS_FILE and refuses duplicates and bad entries", () => {
    const server = { id: "a", rconHost: "h", rconPort: 1, rconPassword: "p", eventsToken: "t".repeat(16) };
    const ok = loadConfig({ ...base, BRIDGE_SERVERS_FILE: "s.json" }, () =>
      JSON.stringify([server, { ...server, id: "b", statusPort: 2 }]),
    );
    expect(ok.servers.map((s) => [s.id, s.statusPort])).toEqual([
      ["a", 25565],
      ["b", 2],
    ]);
    expect(
      problemsOf({ ...base, BRIDGE_SERVERS_FILE: "s.json" }, () => JSON.stringify([server, server])),
    ).toEqual(["BRIDGE_SERVERS_FILE: server id 'a' is listed twice"]);
    const bad = problemsOf({ ...base, BRIDGE_SERVERS_FILE: "s.json" }, () => JSON.stringify([{ id: "a b" }]));
    expect(bad.length).toBeGreaterThan(1);
    expect(problemsOf({ ...base, BRIDGE_SERVERS_FILE: "s.json" }, () => "{nope")[0]).toMatch(/cannot read/);
  });

  it("keeps secrets out of the summary", () => {
    const config = loadConfig({ ...base, REDIS_URL: "redis://user:hunter2@host:6379" });
    const text = JSON.stringify(configSummary(config));
    for (const secret of ["hunter2", 'pw"', base.JOB_SECRET, base.MC_EVENTS_TOKEN]) {
      expect(text).not.toContain(secret);
    }
  });
});
