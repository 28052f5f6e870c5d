/**
 * What our MCP transports cost per call, without the queue (issue 29: HTTP MCP process CPU per call
 * <= 1.5x stdio's): one session of a real SDK client calls a trivial tool `--calls` times in a row,
 * over Streamable HTTP (shared/mcp `startHttp`: the node:http front, sessions, our transport) and
 * over stdio (`serveStdio`), the server in its own process. Its CPU (process.cpuUsage, read through a
 * tool before and after the calls, after a warm-up) over the calls is the number. HTTP and stdio
 * alternate `--rounds` times, because the machine is shared: medians and ranges, with the load.
 * Needs a build of shared (`npm run build -w shared`); no Redis.
 * Run: npx tsx scripts/bench/mcp-percall.ts [--calls=3000] [--rounds=3]
 */
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { Policy, sha256Hex } from "@mcp-bridge/shared";
import { serveStdio, startHttp } from "@mcp-bridge/shared/mcp";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { z } from "zod";

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const TOKEN = "percall-bench-token-0123456789";
const WARMUP = 300;

function echoServer(): McpServer {
  const server = new McpServer({ name: "percall", version: "0.0.0" });
  server.registerTool("echo", { inputSchema: { text: z.string() } }, async ({ text }) => ({
    content: [{ type: "text", text }],
  }));
  // The server's own CPU time so far (user + system, microseconds).
  server.registerTool("cpu", {}, async () => {
    const { user, system } = process.cpuUsage();
    return { content: [{ type: "text", text: String(user + system) }] };
  });
  return server;
}

/** Child mode: the server, over HTTP (its URL on stdout) or stdio. */
async function serve(mode: string): Promise<void> {
  if (mode === "stdio") {
    await serveStdio(echoServer());
    return;
  }
  const policy = Policy.parse({
    roles: { bench: { tools: ["*"] } },
    clients: [{ id: "bench", role: "bench", tokenSha256: sha256Hex(TOKEN) }],
  });
  const running = await startHttp(
    () => policy,
    { host: "127.0.0.1", port: 0, allowedHosts: ["127.0.0.1"], allowedOrigins: [] },
    () => () => echoServer(),
  );
  process.stdout.write(`${running.url}\n`);
}

const self = fileURLToPath(import.meta.url);
const childArgs = (mode: string) => ["--import", "tsx", self, `--serve=${mode}`];

async function httpTransport(): Promise<{ transport: Transport; stop: () => void }> {
  const child = spawn(process.execPath, childArgs("http"), { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once("exit", (code) => reject(new Error(`HTTP server exited (${code})`)));
  });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
  });
  return { transport, stop: () => child.kill() };
}

/** Server CPU microseconds per call of one session over `transport`. */
async function perCall(transport: Transport, calls: number): Promise<number> {
  const client = new Client({ name: "percall", version: "0.0.0" });
  await client.connect(transport);
  const cpu = async () => {
    const result = (await client.callTool({ name: "cpu", arguments: {} })) as { content: { text: string }[] };
    return Number(result.content[0]!.text);
  };
  for (let i = 0; i < WARMUP; i++) await client.callTool({ name: "echo", arguments: { text: "warm" } });
  const before = await cpu();
  for (let i = 0; i < calls; i++) await client.callTool({ name: "echo", arguments: { text: "hello" } });
  const used = (await cpu()) - before;
  await client.close();
  return used / calls;
}

async function measure(mode: "http" | "stdio", calls: number): Promise<number> {
  if (mode === "stdio") {
    return perCall(new StdioClientTransport({ command: process.execPath, args: childArgs("stdio") }), calls);
  }
  const { transport, stop } = await httpTransport();
  try {
    return await perCall(transport, calls);
  } finally {
    stop();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const us = (x: number) => x.toFixed(0);

async function main(): Promise<void> {
  const calls = Number(arg("calls", "3000"));
  const rounds = Number(arg("rounds", "3"));
  const runs = { http: [] as number[], stdio: [] as number[] };
  for (let round = 1; round <= rounds; round++) {
    for (const mode of ["http", "stdio"] as const) {
      const value = await measure(mode, calls);
      runs[mode].push(value);
      const load = loadavg()[0]!.toFixed(2);
      console.log(`round ${round} ${mode.padEnd(5)} server CPU ${us(value)} us/call (load 1m ${load})`);
    }
  }
  const ratios = runs.http.map((h, i) => h / runs.stdio[i]!);
  for (const mode of ["http", "stdio"] as const) {
    const xs = runs[mode];
    console.log(
      `${mode.padEnd(5)} median ${us(median(xs))} us/call (${us(Math.min(...xs))}-${us(Math.max(...xs))})`,
    );
  }
  const range = `${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}`;
  console.log(`HTTP/stdio: median ${median(ratios).toFixed(2)}x (${range}), target <= 1.5x`);
}

const mode = arg("serve", "");
if (mode) await serve(mode);
else await main();
