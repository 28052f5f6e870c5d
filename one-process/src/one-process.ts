/**
 * The composition root of one process for one host: the MCP server's runtime (mcp's own
 * `mcpProcess`) and a whole bridge (bridge's own `createBridge`) side by side, each built by its
 * package exactly as in its separate process. Nothing is short-circuited: every call is a signed
 * BullMQ job through Redis that the bridge's worker runs under its lease on the server, so a second
 * bridge (or a second one process) takes the server over when this one dies. The bridge's ops HTTP
 * (/healthz, /readyz, /metrics, Bull Board, the mod's /events) reports on both parts.
 */
import { hostname } from "node:os";
import { type Bridge, createBridge } from "@mcp-bridge/bridge";
import { mcpProcess, type Runtime } from "@mcp-bridge/mcp";
import type { Logger } from "@mcp-bridge/shared";
import type { OneProcessConfig } from "./config.js";
import { registerMcpMetrics } from "./mcp-metrics.js";

export interface OneProcess {
  mcp: Runtime;
  bridge: Bridge;
  /** Called once the MCP server listens: /readyz turns ready only after it. */
  serving(url: string): void;
  /** Stops the bridge (finishes its active jobs, releases its leases), then the MCP runtime. Idempotent. */
  close(): Promise<void>;
}

export interface OneProcessDeps {
  /** Names this process in lease values (default BRIDGE_NAME, else the host name). */
  ownerName?: string;
}

/** Builds both parts and starts the bridge; the caller serves MCP over HTTP and then calls `serving`. */
export async function startOneProcess(
  config: OneProcessConfig,
  logger: Logger,
  deps: OneProcessDeps = {},
): Promise<OneProcess> {
  const mcp = await mcpProcess.createRuntime(config.mcp, "http", logger);
  let mcpUrl: string | undefined;
  const bridge = createBridge(config.bridge, {
    logger: logger.child({ part: "bridge" }),
    ownerName: deps.ownerName ?? config.bridge.name ?? hostname(),
    async moreReadiness() {
      const redis = mcp.redis.status;
      return {
        mcp: {
          ok: mcpUrl !== undefined && redis === "ready",
          detail: `${mcpUrl ? `serving ${mcpUrl}` : "not serving yet"}; redis ${redis}`,
        },
      };
    },
  });
  registerMcpMetrics(bridge.metrics.registry, {
    serving: () => mcpUrl !== undefined,
    redisReady: () => mcp.redis.status === "ready",
    waitingJobs: () => mcp.deps.jobs.waiting,
  });
  try {
    await bridge.start();
  } catch (error) {
    await bridge.stop().catch(() => undefined);
    await mcp.close();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    mcp,
    bridge,
    serving(url) {
      mcpUrl = url;
    },
    close() {
      closing ??= (async () => {
        mcpUrl = undefined;
        await bridge.stop().catch((error: unknown) => logger.error({ err: error }, "bridge stop failed"));
        await mcp.close();
      })();
      return closing;
    },
  };
}
