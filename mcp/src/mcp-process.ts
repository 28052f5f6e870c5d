/**
 * What the `minecraft-mcp` process is, for the shared skeleton (runMcpProcess): its config, runtime
 * and transports. main.ts runs it; the one-process entry (one-process/) runs it with a bridge
 * beside it, so both start the MCP server the same way.
 */
import { type McpProcess, StartRefused } from "@mcp-bridge/shared";
import { configSummary, loadConfig, type McpConfig } from "./config.js";
import { createRuntime, type Runtime } from "./runtime.js";
import { startStdio } from "./transports/stdio.js";
import { VERSION } from "./version.js";

export const mcpProcess: McpProcess<McpConfig, Runtime> = {
  name: "minecraft-mcp",
  usage: "Usage: minecraft-mcp [--http | http]   (configuration from the environment, see README)",
  version: VERSION,
  loadConfig,
  configSummary,
  createRuntime(config, _transport, logger) {
    try {
      return createRuntime(config, logger);
    } catch (error) {
      throw new StartRefused(`Cannot load POLICY_FILE ${config.policyFile}: ${(error as Error).message}`);
    }
  },
  startFields: async (runtime) => ({ redis: await runtime.redisStatus() }),
  async http(runtime, config) {
    // Loaded only here: a stdio process never needs the HTTP stack (front, sessions, transport).
    const { startHttp } = await import("./transports/http.js");
    return startHttp(runtime.deps, runtime.policy, config.http);
  },
  async stdio(runtime, config) {
    const stdio = await startStdio(runtime.deps, config.stdio);
    return { clientId: config.stdio.clientId, close: stdio.close };
  },
};
