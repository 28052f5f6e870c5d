#!/usr/bin/env node
/**
 * Process entry of `minecraft-mcp`: stdio by default, Streamable HTTP with `--http` or `http`.
 * The shared skeleton (runMcpProcess) loads the config (every problem listed, exit 2), logs version,
 * config summary and Redis status to stderr (docs/properties.md, #14) and serves until
 * SIGINT/SIGTERM or, for stdio, until stdin closes.
 */
import { runMcpProcess, StartRefused } from "@mcp-bridge/shared";
import { configSummary, loadConfig } from "./config.js";
import { createRuntime } from "./runtime.js";
import { startStdio } from "./transports/stdio.js";
import { VERSION } from "./version.js";

runMcpProcess({
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
    // Loaded only here: a stdio process never needs the HTTP stack (express, the SDK's HTTP transport).
    const { startHttp } = await import("./transports/http.js");
    return startHttp(runtime.deps, runtime.policy, config.http);
  },
  async stdio(runtime, config) {
    const stdio = await startStdio(runtime.deps, config.stdio);
    return { clientId: config.stdio.clientId, close: stdio.close };
  },
});
