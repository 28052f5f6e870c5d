/**
 * Test support: the MCP server behind the two transports the integration tests drive it through,
 * Streamable HTTP on a free loopback port (in process) and the real CLI over stdio (src/main.ts
 * under tsx as a child process, on the test Redis with the harness's job secret).
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Policy } from "@mcp-bridge/shared";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { testRedisUrl } from "../../../shared/testing/redis.js";
import type { ServerDeps } from "../../src/deps.js";
import { type HttpOptions, type RunningHttp, startHttp } from "../../src/transports/http.js";
import { JOB_SECRET } from "./harness.js";

const mcpDir = fileURLToPath(new URL("../..", import.meta.url));

/** Streamable HTTP on 127.0.0.1, a free port, accepting Host 127.0.0.1 and localhost, no Origin. */
export function startLoopbackHttp(
  deps: ServerDeps,
  policy: () => Policy,
  options: Partial<HttpOptions> = {},
): Promise<RunningHttp> {
  return startHttp(deps, policy, {
    host: "127.0.0.1",
    port: 0,
    allowedHosts: ["127.0.0.1", "localhost"],
    allowedOrigins: [],
    ...options,
  });
}

/** The CLI over stdio for the server "alpha"; `env` adds to or overrides its environment. */
export function stdioServer(
  env: Record<string, string>,
  stderr: "pipe" | "ignore" = "pipe",
): StdioClientTransport {
  return new StdioClientTransport({
    command: process.execPath,
    args: ["--import", "tsx", join(mcpDir, "src/main.ts")],
    cwd: mcpDir,
    stderr,
    env: {
      PATH: process.env.PATH ?? "",
      TSX_TSCONFIG_PATH: join(mcpDir, "tsconfig.json"),
      REDIS_URL: testRedisUrl(),
      JOB_SECRET,
      MCP_SERVERS: "alpha",
      ...env,
    },
  });
}
