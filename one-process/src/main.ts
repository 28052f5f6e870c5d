#!/usr/bin/env node
/**
 * Process entry of `minecraft-mcp-one-process`: the MCP server over Streamable HTTP and the bridge
 * in one Node process (one-process.ts), configured by the variables of both (config.ts). The shared
 * skeleton (runMcpProcess) loads the config (every problem listed, exit 2), logs the start and stops
 * once on SIGINT/SIGTERM: the MCP HTTP server first (no new calls), then the bridge (active jobs
 * finish, leases are released so a standby takes over at once), then the MCP runtime.
 */
import { mcpProcess } from "@mcp-bridge/mcp";
import { runMcpProcess, StartRefused } from "@mcp-bridge/shared";
import { configSummary, loadConfig, type OneProcessConfig } from "./config.js";
import { type OneProcess, startOneProcess } from "./one-process.js";

runMcpProcess<OneProcessConfig, OneProcess>(
  {
    name: "minecraft-mcp-one-process",
    usage:
      "Usage: minecraft-mcp-one-process   (the MCP server over Streamable HTTP and the bridge in one process;\n" +
      "configuration from the environment: the variables of both, see docs/deployment.md)",
    version: mcpProcess.version,
    loadConfig: (env) => loadConfig(env),
    configSummary,
    createRuntime: (config, _transport, logger) => startOneProcess(config, logger),
    startFields: async (runtime) => ({
      redis: await runtime.mcp.redisStatus(),
      bridge: { url: runtime.bridge.url, servers: runtime.bridge.config.servers.map((s) => s.id) },
    }),
    async http(runtime, config) {
      const http = await mcpProcess.http(runtime.mcp, config.mcp);
      runtime.serving(http.url);
      return http;
    },
    async stdio() {
      throw new StartRefused("minecraft-mcp-one-process serves Streamable HTTP only");
    },
  },
  // Always HTTP: a stdio client starts one server per session, each of which would be a bridge.
  ["--http", ...process.argv.slice(2)],
);
