/**
 * The benchmark's baseline, never shipped: a minimal MCP server built the way every direct-RCON
 * server is (no queue, no Redis, no bridge), answering the same read tools by sending
 * `mcpbridge <request>` over ONE RCON connection (`RconClient`, one command in flight at a time).
 * Same SDK, same transports (shared/mcp: Streamable HTTP with bearer auth, or stdio) as ours, so the
 * difference measured is the queue path. Unlike a typical direct server it checks that the answer
 * carries its request's id, so an answer mixed up by RCON's shared output buffer (several stdio
 * processes, one connection each) is counted as an error, not as a success.
 *
 *   node --import tsx scripts/bench/baseline-server.ts [--http <port>]
 * Environment: BASELINE_RCON_HOST, BASELINE_RCON_PORT, BASELINE_RCON_PASSWORD; for HTTP also
 * POLICY_FILE (bearer tokens, as ours) and BASELINE_HOST (default 127.0.0.1).
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { makeRequest, OPERATIONS, Policy, toAsciiJson } from "@mcp-bridge/shared";
import { serveStdio, startHttp } from "@mcp-bridge/shared/mcp";
import { RconClient } from "@mcp-bridge/shared/rcon";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** The read tools of both mixes (chain-calls.ts): identical reads and distinct world scans. */
export const BASELINE_TOOLS = ["get_online_players", "get_server_info", "get_world_info"] as const;

const { values } = parseArgs({ options: { http: { type: "string" } } });
const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const rcon = new RconClient({
  host: env("BASELINE_RCON_HOST"),
  port: Number(env("BASELINE_RCON_PORT")),
  password: env("BASELINE_RCON_PASSWORD"),
  reconnect: { attempts: 0 },
});
rcon.on("error", () => undefined);
await rcon.connect();

type Answer = { id?: string; payload?: { success?: boolean; data?: unknown; error?: unknown } };

/** One call straight over the RCON connection; an answer without the request's id is an error. */
async function call(
  tool: (typeof BASELINE_TOOLS)[number],
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  const request = makeRequest(tool, args as never);
  const reply = await rcon.command(`mcpbridge ${toAsciiJson(request)}`);
  let answer: Answer | undefined;
  try {
    answer = JSON.parse(reply) as Answer;
  } catch {
    // not JSON: another command's output or an empty answer
  }
  if (answer?.id !== request.id || answer.payload?.success !== true) {
    return { isError: true, content: [{ type: "text", text: `wrong answer: ${reply.slice(0, 200)}` }] };
  }
  return { content: [{ type: "text", text: JSON.stringify(answer.payload.data) }] };
}

function newServer(): McpServer {
  const server = new McpServer({ name: "direct-rcon-baseline", version: "0.0.0" });
  for (const tool of BASELINE_TOOLS) {
    const schema = { description: `${tool} straight over RCON`, inputSchema: OPERATIONS[tool].args };
    server.registerTool(tool, schema, (args: Record<string, unknown>) => call(tool, args));
  }
  return server;
}

const stop = async (close: () => Promise<void>) => {
  await close().catch(() => undefined);
  await rcon.close();
  process.exit(0);
};

if (values.http !== undefined) {
  const policy = Policy.parse(JSON.parse(readFileSync(env("POLICY_FILE"), "utf8")));
  const host = process.env.BASELINE_HOST ?? "127.0.0.1";
  const running = await startHttp(
    () => policy,
    { host, port: Number(values.http), allowedHosts: [host], allowedOrigins: [] },
    () => () => newServer(),
  );
  process.stderr.write(`baseline listening on ${running.url}\n`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stop(running.close));
} else {
  const running = await serveStdio(newServer());
  process.stdin.once("end", () => void stop(running.close));
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stop(running.close));
}
