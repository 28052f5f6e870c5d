import { ConfigError } from "@mcp-bridge/shared";
import { describe, expect, it } from "vitest";
import { expectEmptyMeansUnset } from "../../../shared/testing/config.js";
import { BitburnerEnvSchema, configSummary, GAME_ORIGINS, loadConfig } from "../../src/config.js";

describe("loadConfig", () => {
  it("listens on ws://127.0.0.1:12525 by default, with the seed's limits", () => {
    const config = loadConfig({});
    expect(config.game).toMatchObject({
      host: "127.0.0.1",
      port: 12525,
      pathSecret: undefined,
      timeoutMs: 5000,
    });
    expect(config.game.allowedOrigins).toEqual(GAME_ORIGINS);
    expect(config.fileWriteMaxBytes).toBe(1_000_000);
    expect(config.clientId).toBe("local");
    expect(config.logLevel).toBe("info");
  });

  it("reads an empty variable as unset: its default applies", () => {
    expect(loadConfig({ MCP_PORT: "", BITBURNER_OPS_PORT: "", MCP_LOG_LEVEL: "" })).toMatchObject({
      http: { port: 3100 },
      ops: { port: 12526 },
      logLevel: "info",
    });
    expectEmptyMeansUnset(Object.keys(BitburnerEnvSchema.shape), {}, loadConfig);
  });

  it("reads the seed's variables; MCP_LOG_LEVEL wins over LOG_LEVEL", () => {
    const config = loadConfig({
      BITBURNER_RPC_URL: "ws://0.0.0.0:4000/abcdefghijklmnop",
      RPC_TIMEOUT_MS: "750",
      FILE_WRITE_MAX_BYTES: "2048",
      MCP_LOG_LEVEL: "debug",
      LOG_LEVEL: "warn",
    });
    expect(config.game).toMatchObject({
      host: "0.0.0.0",
      port: 4000,
      pathSecret: "abcdefghijklmnop",
      timeoutMs: 750,
    });
    expect(config.fileWriteMaxBytes).toBe(2048);
    expect(config.logLevel).toBe("debug");
    expect(JSON.stringify(configSummary(config))).not.toContain("abcdefghijklmnop");
  });

  it("lists every problem at once", () => {
    let error: unknown;
    try {
      loadConfig({
        BITBURNER_RPC_URL: "http://x",
        RPC_TIMEOUT_MS: "soon",
        MCP_LOG_LEVEL: "loud",
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join("\n");
    expect(problems).toMatch(/BITBURNER_RPC_URL: must be ws:/);
    expect(problems).toMatch(/RPC_TIMEOUT_MS: must be an integer/);
    expect(problems).toMatch(/MCP_LOG_LEVEL/);
  });

  it("refuses a non-loopback game port without a secret, and a policy without a stdio identity", () => {
    expect(() => loadConfig({ BITBURNER_RPC_URL: "ws://0.0.0.0:12525" })).toThrowError(/pose as the game/);
    expect(
      loadConfig({ BITBURNER_RPC_URL: "ws://0.0.0.0:12525", BITBURNER_ALLOW_REMOTE_GAME: "true" }).game.host,
    ).toBe("0.0.0.0");
    expect(() => loadConfig({ POLICY_FILE: "/p.json" })).toThrowError(/MCP_CLIENT_ID/);
  });
});
