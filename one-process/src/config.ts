/**
 * The one process's configuration: the MCP server's variables (mcp/src/config.ts) and the bridge's
 * (bridge/src/config.ts) read from the same environment by their own schemas, so every variable
 * means what it means in the separate processes. Every problem of both is listed at once. One rule
 * of its own: unset MCP_SERVERS (empty means unset) serves the bridge's servers.
 */
import {
  type BridgeConfig,
  configSummary as bridgeSummary,
  loadConfig as loadBridgeConfig,
} from "@mcp-bridge/bridge";
import { loadConfig as loadMcpConfig, type McpConfig, configSummary as mcpSummary } from "@mcp-bridge/mcp";
import { ConfigError, envList } from "@mcp-bridge/shared";

export interface OneProcessConfig {
  mcp: McpConfig;
  bridge: BridgeConfig;
  logLevel: McpConfig["logLevel"];
}

type Env = Record<string, string | undefined>;

function attempt<T>(problems: string[], load: () => T): T | undefined {
  try {
    return load();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(...error.problems);
    return undefined;
  }
}

/** Throws ConfigError listing every problem of both parts (each shared variable's once). */
export function loadConfig(env: Env, readFile?: (path: string) => string): OneProcessConfig {
  const problems: string[] = [];
  const bridge = attempt(problems, () => loadBridgeConfig(env, readFile));
  const servers =
    envList(env.MCP_SERVERS).length > 0 ? env.MCP_SERVERS : bridge?.servers.map((s) => s.id).join(",");
  const mcp = attempt(problems, () => loadMcpConfig({ ...env, MCP_SERVERS: servers }));
  if (mcp && bridge && mcp.http.port !== 0 && mcp.http.port === bridge.http.port) {
    problems.push(
      `MCP_PORT, BRIDGE_PORT: the one process listens on both; ${mcp.http.port} is given for both`,
    );
  }
  if (problems.length > 0 || !mcp || !bridge) throw new ConfigError([...new Set(problems)]);
  return { mcp, bridge, logLevel: mcp.logLevel };
}

/** The config as logged at start: each part's own summary (no secrets). */
export function configSummary(config: OneProcessConfig) {
  return { mcp: mcpSummary(config.mcp), bridge: bridgeSummary(config.bridge) };
}
