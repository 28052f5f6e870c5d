#!/usr/bin/env node
/**
 * Process entry of `bitburner-mcp`: stdio by default (for a desktop client), Streamable HTTP with
 * `--http`. The shared skeleton (runMcpProcess) loads the config and serves until SIGINT/SIGTERM
 * or, for stdio, until stdin closes; this file listens for the game and prints what to enter in
 * Bitburner (stderr: stdout is the MCP stream).
 */
import { runMcpProcess, StartRefused } from "@mcp-bridge/shared";
import { serveStdio, startHttp } from "@mcp-bridge/shared/mcp";
import { configSummary, loadConfig } from "./config.js";
import { createRuntime } from "./runtime.js";
import { createServer } from "./server.js";
import { VERSION } from "./version.js";

runMcpProcess({
  name: "bitburner-mcp",
  usage: "Usage: bitburner-mcp [--http]   (configuration from the environment, see README 'Bitburner')",
  version: VERSION,
  loadConfig,
  configSummary,
  createRuntime(config, transport, logger) {
    if (transport === "http" && !config.policyFile) {
      throw new StartRefused(
        "POLICY_FILE is required with --http: its clients' bearer tokens guard the endpoint",
      );
    }
    return createRuntime(config, logger);
  },
  greeting: (runtime, config) =>
    `waiting for the game on ${runtime.link.url}. In Bitburner: Options -> Remote API, ` +
    `hostname ${config.game.host}, port ${runtime.link.port}, press Connect. Ops: ${runtime.ops.url}/readyz`,
  async http(runtime, config) {
    const http = await startHttp(
      runtime.policy!,
      config.http,
      (client) => () => createServer(runtime.deps, client),
    );
    process.stderr.write(`bitburner-mcp: MCP endpoint ${http.url}\n`);
    return http;
  },
  async stdio(runtime, config) {
    const client = runtime.deps.access.identity(config.clientId);
    const stdio = await serveStdio(createServer(runtime.deps, client));
    return { clientId: client.id, close: stdio.close };
  },
});
