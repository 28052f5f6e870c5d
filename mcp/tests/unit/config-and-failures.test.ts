// Pure pieces: loadConfig(env) and the failedReason -> protocol error mapping.
import { ConfigError, ERROR_CODES } from "@mcp-bridge/shared";
import { DEFAULT_SESSION_LIMITS } from "@mcp-bridge/shared/mcp";
import { dataFromReturnValue, errorFromFailedJob, errorFromFailedReason } from "@mcp-bridge/shared/queue";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectEmptyMeansUnset } from "../../../shared/testing/config.js";
import { configSummary, loadConfig, McpEnvSchema } from "../../src/config.js";

const base = { JOB_SECRET: "0123456789abcdef-secret", POLICY_FILE: "policy.json" };

describe("loadConfig", () => {
  it("reads the settings shared with the bridge by the same rules (shared config kit)", () => {
    expect(loadConfig({ ...base, REDIS_PREFIX: "p".repeat(40) }).redisPrefix).toHaveLength(40);
    expect(() => loadConfig({ ...base, REDIS_PREFIX: "p".repeat(65) })).toThrow(/REDIS_PREFIX: must be 1-64/);
    expect(() => loadConfig({ ...base, JOB_SECRET: "<same as the bridge>" })).toThrow(
      /JOB_SECRET: looks like a placeholder/,
    );
    expect(configSummary(loadConfig({ ...base, REDIS_URL: "redis://:s3cret@h:1" })).redisUrl).not.toContain(
      "s3cret",
    );
  });

  it('reads an empty variable as unset: its default applies (MCP_PORT="" is port 3000, not 0)', () => {
    expect(loadConfig({ ...base, MCP_PORT: "" }).http.port).toBe(3000);
    expect(loadConfig({ ...base, MCP_SERVERS: "", MCP_HOST: " ", JOB_KEEP_COMPLETED_S: "" })).toMatchObject({
      servers: ["default"],
      http: { host: "127.0.0.1" },
      jobRetention: { completedAgeS: 3600 },
    });
    expectEmptyMeansUnset(Object.keys(McpEnvSchema.shape), base, loadConfig);
  });

  it("applies the documented defaults", () => {
    const c = loadConfig(base);
    expect(c).toMatchObject({
      redisUrl: "redis://127.0.0.1:6379",
      redisPrefix: "mcpb",
      servers: ["default"],
      http: {
        host: "127.0.0.1",
        port: 3000,
        allowedHosts: ["127.0.0.1", "localhost", "[::1]"],
        allowedOrigins: [],
      },
      jobTimeoutMs: 30_000,
      jobRetention: { attempts: 5, completedAgeS: 3600, failedAgeS: 604_800 },
      logLevel: "info",
    });
  });

  it("reads the HTTP session limits; an empty value means the default", () => {
    expect(loadConfig(base).http.sessions).toEqual(DEFAULT_SESSION_LIMITS);
    const c = loadConfig({
      ...base,
      MCP_SESSIONS_MAX: "50",
      MCP_SESSIONS_PER_CLIENT: "5",
      MCP_SESSION_UNUSED_TIMEOUT_S: "",
      MCP_SESSION_IDLE_TIMEOUT_S: "120",
    });
    expect(c.http.sessions).toEqual({ total: 50, perClient: 5, unusedMs: 60_000, idleMs: 120_000 });
    expect(() => loadConfig({ ...base, MCP_SESSIONS_PER_CLIENT: "0" })).toThrow(/MCP_SESSIONS_PER_CLIENT/);
  });

  it("reads how long finished jobs stay inspectable", () => {
    const c = loadConfig({
      ...base,
      JOB_ATTEMPTS: "3",
      JOB_KEEP_COMPLETED_S: "60",
      JOB_KEEP_FAILED_S: "86400",
    });
    expect(c.jobRetention).toEqual({ attempts: 3, completedAgeS: 60, failedAgeS: 86_400 });
    expect(() => loadConfig({ ...base, JOB_KEEP_FAILED_S: "-1" })).toThrow(/JOB_KEEP_FAILED_S/);
  });

  it("lists every problem at once", () => {
    try {
      loadConfig({ MCP_PORT: "http", MCP_EVENT_TYPES: "player_chat,nope", MCP_SERVERS: "a:b" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join("\n");
      for (const key of ["JOB_SECRET", "POLICY_FILE", "MCP_PORT", "MCP_EVENT_TYPES", "MCP_SERVERS"]) {
        expect(problems).toContain(key);
      }
    }
  });

  it("requires MCP_ALLOWED_HOSTS when binding beyond loopback", () => {
    expect(() => loadConfig({ ...base, MCP_HOST: "0.0.0.0" })).toThrow(/MCP_ALLOWED_HOSTS/);
    expect(
      loadConfig({ ...base, MCP_HOST: "0.0.0.0", MCP_ALLOWED_HOSTS: "mc.example" }).http.allowedHosts,
    ).toEqual(["mc.example"]);
  });

  it("keeps secrets out of the startup summary", () => {
    const summary = JSON.stringify(
      configSummary(loadConfig({ ...base, REDIS_URL: "redis://:hunter2@db:6379/0" })),
    );
    expect(summary).not.toContain("hunter2");
    expect(summary).not.toContain(base.JOB_SECRET);
  });
});

describe("job failures", () => {
  it("reads `CODE: message` for every protocol code", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ERROR_CODES), fc.string({ maxLength: 40 }), (code, message) => {
        const error = errorFromFailedReason(`${code}: ${message}`);
        expect(error.code).toBe(code);
        expect(error.message).toBe(message);
      }),
      { numRuns: 100 },
    );
  });

  it("anything else is SERVER_ERROR quoting the reason", () => {
    expect(errorFromFailedReason("socket hang up")).toMatchObject({ code: "SERVER_ERROR" });
    expect(errorFromFailedReason("NOT_A_CODE: x").message).toContain("NOT_A_CODE: x");
    expect(errorFromFailedReason(undefined).code).toBe("SERVER_ERROR");
  });

  it("recovers the details the bridge logged with a failed job", () => {
    const logged = `error ${JSON.stringify({ code: "PLAYER_NOT_FOUND", message: "x", details: { online: ["Steve"] } })}`;
    const error = errorFromFailedJob("PLAYER_NOT_FOUND: player Bob is not online", ["forwarding", logged]);
    expect(error).toMatchObject({ code: "PLAYER_NOT_FOUND", message: "player Bob is not online" });
    expect(error.details).toEqual({ online: ["Steve"] });
    // a log of another code, a malformed or mistyped one: the failedReason alone
    for (const line of [
      logged,
      "error {nope",
      `error ${JSON.stringify({ code: "PLAYER_NOT_FOUND", message: "x", details: { online: "Steve" } })}`,
    ]) {
      const reason = line === logged ? "TIMEOUT: too slow" : "PLAYER_NOT_FOUND: gone";
      expect(errorFromFailedJob(reason, [line]).details).toBeUndefined();
    }
  });

  it("unwraps job results and turns {success:false} into its error", () => {
    expect(dataFromReturnValue({ success: true, data: { a: 1 } })).toEqual({ a: 1 });
    expect(dataFromReturnValue('{"success":true,"data":2}')).toBe(2);
    expect(() =>
      dataFromReturnValue({ success: false, error: { code: "TIMEOUT", message: "slow" } }),
    ).toThrow(expect.objectContaining({ code: "TIMEOUT" }));
    expect(() => dataFromReturnValue("not json")).toThrow(expect.objectContaining({ code: "SERVER_ERROR" }));
  });
});
