/**
 * Prometheus metrics of the Bitburner MCP server on a private registry, under the documented names
 * gives: tool_calls_total, tool_errors_total, rpc_timeouts_total, ws_reconnects_total (game
 * connections accepted), plus latency histograms and whether a game is attached.
 */
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { GameLinkObserver } from "../game/game-link.js";
import type { ToolObserver } from "../tools/index.js";

const BUCKETS_S = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics extends GameLinkObserver, ToolObserver {
  registry: Registry;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const toolCalls = new Counter({
    name: "tool_calls_total",
    help: "MCP tool calls",
    labelNames: ["tool"],
    registers,
  });
  const toolErrors = new Counter({
    name: "tool_errors_total",
    help: "MCP tool calls that ended in an error result",
    labelNames: ["tool", "code"],
    registers,
  });
  const toolLatency = new Histogram({
    name: "tool_call_duration_seconds",
    help: "MCP tool call duration, from the call to its result",
    labelNames: ["tool"],
    buckets: BUCKETS_S,
    registers,
  });
  const rpcLatency = new Histogram({
    name: "rpc_duration_seconds",
    help: "Remote API request round trip to the game (including any wait for the game to connect)",
    labelNames: ["method", "outcome"],
    buckets: BUCKETS_S,
    registers,
  });
  const timeouts = new Counter({
    name: "rpc_timeouts_total",
    help: "Remote API requests the game did not answer in time",
    labelNames: ["method"],
    registers,
  });
  const connections = new Counter({
    name: "ws_reconnects_total",
    help: "Game WebSocket connections accepted (the first one and every reconnect)",
    registers,
  });
  const connected = new Gauge({ name: "game_connected", help: "1 while a game is attached", registers });
  return {
    registry,
    toolCall(tool, seconds, error) {
      toolCalls.inc({ tool });
      toolLatency.observe({ tool }, seconds);
      if (error) toolErrors.inc({ tool, code: error });
    },
    rpc: (method, seconds, outcome) => rpcLatency.observe({ method, outcome }, seconds),
    timedOut: (method) => timeouts.inc({ method }),
    attached() {
      connections.inc();
      connected.set(1);
    },
    detached: () => connected.set(0),
  };
}
