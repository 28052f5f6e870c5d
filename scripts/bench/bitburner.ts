/**
 * Benchmark of the Bitburner MCP server: what a tool call costs on top of the raw WebSocket round
 * trip to the game, and the time to write and read back 1 MB. The game is the protocol-faithful
 * fake (bitburner/testing/fake-game.ts), a real WebSocket client on 127.0.0.1.
 *   (a) raw: a bare `ws` server sends getFileNames frames to the fake game and awaits each reply;
 *   (b) link: RemoteApi.getFileNames through our GameLink (pending map, timeouts, validation);
 *   (c) MCP in-memory: list_files through a real MCP Client over InMemoryTransport (the server
 *       without any MCP transport cost);
 *   (d) MCP HTTP: list_files through a real MCP Client over Streamable HTTP (bearer auth).
 * Overhead = p50/p99 of (b), (c), (d) minus those of (a).
 * Run: npx tsx --tsconfig bitburner/tsconfig.json scripts/bench/bitburner.ts [--samples=N] [--warmup=N]
 */
import { Policy } from "@mcp-bridge/shared";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { type WebSocket, WebSocketServer } from "ws";
import { createServer } from "../../bitburner/src/server.js";
import { FakeGame } from "../../bitburner/testing/fake-game.js";
import { call, httpHarness, testPolicy } from "../../bitburner/testing/harness.js";
import { percentiles } from "./chain-stats.js";

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const samples = Number(arg("samples", "2000"));
const warmup = Number(arg("warmup", "500"));
const MB = 1024 * 1024;

async function measure(
  label: string,
  once: () => Promise<unknown>,
): Promise<{ label: string; ms: number[] }> {
  for (let i = 0; i < warmup; i++) await once();
  const ms: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    await once();
    ms.push(performance.now() - t);
  }
  return { label, ms };
}

async function rawRoundTrip() {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise((r) => server.once("listening", r));
  const connected = new Promise<WebSocket>((r) => server.once("connection", r));
  const game = await FakeGame.connect(`ws://127.0.0.1:${(server.address() as { port: number }).port}`);
  const socket = await connected;
  let id = 0;
  const result = await measure("(a) raw WebSocket round trip", () => {
    const frame = JSON.stringify({
      jsonrpc: "2.0",
      id: ++id,
      method: "getFileNames",
      params: { server: "home" },
    });
    return new Promise((resolve) => {
      socket.once("message", (data) => resolve(JSON.parse(data.toString())));
      socket.send(frame);
    });
  });
  await game.close();
  await new Promise((r) => server.close(r));
  return result;
}

async function main() {
  const raw = await rawRoundTrip();
  const h = await httpHarness({ timeoutMs: 30_000 }, 2 * MB);
  const game = await FakeGame.connect(h.gameUrl);
  for (let i = 0; i < 20; i++) game.putFile(`f${i}.js`, "ns.hack();");
  const link = await measure("(b) GameLink + RemoteApi", () => h.runtime.deps.api.getFileNames("home"));

  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const admin = Policy.parse(testPolicy()).clientById("admin")!;
  await createServer(h.runtime.deps, admin).connect(serverSide);
  const memory = new Client({ name: "bench", version: "1" });
  await memory.connect(clientSide);
  const inMemory = await measure("(c) MCP tools/call, in-memory transport", () => call(memory, "list_files"));
  const http = await measure("(d) MCP tools/call, Streamable HTTP", () => call(h.client, "list_files"));

  const base = percentiles(raw.ms);
  const f = (n: number) => n.toFixed(3);
  console.log(`\nsamples ${samples} after ${warmup} warm-up calls each; times in ms\n`);
  console.log("| path | p50 | p99 | overhead p50 | overhead p99 |\n|---|---:|---:|---:|---:|");
  for (const run of [raw, link, inMemory, http]) {
    const p = percentiles(run.ms);
    const over = run === raw ? ["-", "-"] : [f(p.p50 - base.p50), f(p.p99 - base.p99)];
    console.log(`| ${run.label} | ${f(p.p50)} | ${f(p.p99)} | ${over[0]} | ${over[1]} |`);
  }

  const content = "x".repeat(MB);
  const rounds: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    const w = await call(h.client, "write_file", { filename: "mb.txt", content });
    const read = await call(h.client, "read_file", { filename: "mb.txt", limit: MB });
    const text = (read.structuredContent as { content: string }).content;
    rounds.push(performance.now() - t);
    if (w.isError || text !== content) throw new Error("1 MB round trip returned something else");
  }
  const r = percentiles(rounds);
  console.log(
    `\n1 MB write_file + read_file back (one page, limit 1 MiB), Streamable HTTP, 10 rounds: ` +
      `p50 ${r.p50.toFixed(1)} ms, max ${r.max.toFixed(1)} ms`,
  );
  await memory.close();
  await game.close();
  await h.close();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
