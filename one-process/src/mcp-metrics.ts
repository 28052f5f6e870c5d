/**
 * What the one process's MCP server reports on the bridge's /metrics (its private prom-client
 * registry): whether it serves, whether its Redis connection is ready, the calls waiting for their
 * job, and Node's process metrics (CPU, memory, event loop), which here cover both parts.
 */
import { collectDefaultMetrics, Gauge, type Registry } from "prom-client";

export interface McpProbe {
  serving(): boolean;
  redisReady(): boolean;
  /** Jobs the MCP server waits for (JobClient.waiting). */
  waitingJobs(): number;
}

export function registerMcpMetrics(registry: Registry, probe: McpProbe, prefix = "mcpbridge_"): void {
  const registers = [registry];
  new Gauge({
    name: `${prefix}mcp_http_serving`,
    help: "1 while the in-process MCP server answers Streamable HTTP",
    registers,
    collect() {
      this.set(probe.serving() ? 1 : 0);
    },
  });
  new Gauge({
    name: `${prefix}mcp_redis_ready`,
    help: "1 while the MCP server's Redis connection is ready",
    registers,
    collect() {
      this.set(probe.redisReady() ? 1 : 0);
    },
  });
  new Gauge({
    name: `${prefix}mcp_jobs_waiting`,
    help: "Jobs the MCP server's calls wait for now (a job shared by identical reads counts once)",
    registers,
    collect() {
      this.set(probe.waitingJobs());
    },
  });
  collectDefaultMetrics({ register: registry });
}
