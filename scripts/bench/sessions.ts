/**
 * Abandoned MCP HTTP sessions (docs/security.md, "MCP HTTP sessions"): what N sessions that were
 * initialized and never used again cost a real MCP server process, and whether it keeps answering
 * another client meanwhile. The server is the built `mcp/dist/main.js --http` with caps and the
 * unused-session timeout raised above N, so every session stays open and its memory is measured
 * (with the defaults the caps would close them: that is the protection; this measures the rest).
 *   1. a probe client (real SDK Client over HTTP, its own policy client) times tools/list at rest;
 *   2. C workers open N sessions (initialize + notifications/initialized, raw HTTP, as an attacker
 *      would) while the probe keeps timing tools/list;
 *   3. after a settle pause: the server's RSS (from /proc) before, after and at its peak, MB per
 *      1,000 sessions, probe latency p50/p99 at rest and during the flood, and a check that the
 *      first and last sessions still answer.
 * Needs Redis (REDIS_URL, default redis://127.0.0.1:6379) and a build (`npm run build -w shared -w mcp`).
 * Run: npx tsx --tsconfig mcp/tsconfig.json scripts/bench/sessions.ts [--sessions=10000] [--concurrency=32] [--settle-ms=5000]
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sha256Hex } from "@mcp-bridge/shared";
import { connectHttpClient } from "../../shared/testing/mcp-http-client.js";
import { freePort, REPO, startNode, until } from "../../shared/testing/processes.js";
import { memory } from "./chain-procs.js";
import { percentiles } from "./chain-stats.js";

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const sessions = Number(arg("sessions", "10000"));
const concurrency = Number(arg("concurrency", "32"));
const settleMs = Number(arg("settle-ms", "5000"));
const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const TOKENS = { flood: randomBytes(16).toString("hex"), probe: randomBytes(16).toString("hex") };
const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const INIT = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "abandoned", version: "1" },
  },
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (kib: number) => kib / 1024;

if (!existsSync(`${REPO}mcp/dist/main.js`)) {
  process.stderr.write("mcp/dist/main.js is missing: run `npm run build -w shared -w mcp` first\n");
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), "bench-sessions-"));
const policyFile = join(dir, "policy.json");
writeFileSync(
  policyFile,
  JSON.stringify({
    roles: { reader: { tools: ["get_*"], commands: [] } },
    clients: [
      { id: "flood", role: "reader", tokenSha256: sha256Hex(TOKENS.flood) },
      { id: "probe", role: "reader", tokenSha256: sha256Hex(TOKENS.probe) },
    ],
  }),
);
const port = await freePort();
const url = `http://127.0.0.1:${port}/mcp`;
const server = startNode("bench-sessions-mcp", "mcp/dist/main.js", ["--http"], {
  REDIS_URL: redisUrl,
  REDIS_PREFIX: `bench-sessions-${process.pid}`,
  JOB_SECRET: randomBytes(24).toString("hex"),
  POLICY_FILE: policyFile,
  MCP_PORT: String(port),
  LOG_LEVEL: "warn",
  MCP_SESSIONS_MAX: String(sessions + 100),
  MCP_SESSIONS_PER_CLIENT: String(sessions + 100),
  MCP_SESSION_UNUSED_TIMEOUT_S: "86400",
});

try {
  await until(
    async () => (await fetch(url, { method: "POST" }).catch(() => undefined))?.status === 401,
    "MCP up",
  );
  const pid = server.child.pid!;
  const probe = await connectHttpClient(url, TOKENS.probe, "bench-probe");
  const timeList = async () => {
    const t = performance.now();
    await probe.listTools();
    return performance.now() - t;
  };
  for (let i = 0; i < 200; i++) await timeList();
  const atRest: number[] = [];
  for (let i = 0; i < 500; i++) atRest.push(await timeList());
  await sleep(settleMs);
  const before = memory(pid);

  const ids: string[] = [];
  let flooding = true;
  const duringFlood: number[] = [];
  const prober = (async () => {
    while (flooding) duringFlood.push(await timeList());
  })();
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < sessions) {
      next++;
      const res = await fetch(url, {
        method: "POST",
        headers: { ...HEADERS, authorization: `Bearer ${TOKENS.flood}` },
        body: JSON.stringify(INIT),
      });
      await res.text();
      const id = res.headers.get("mcp-session-id");
      if (res.status !== 200 || !id) throw new Error(`initialize answered ${res.status}`);
      const done = await fetch(url, {
        method: "POST",
        headers: { ...HEADERS, authorization: `Bearer ${TOKENS.flood}`, "mcp-session-id": id },
        body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      });
      await done.text();
      ids.push(id);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const floodS = (performance.now() - started) / 1000;
  flooding = false;
  await prober;
  await sleep(settleMs);
  const after = memory(pid);

  const stillOpen = async (id: string) => {
    const res = await fetch(url, {
      method: "POST",
      headers: {
        ...HEADERS,
        authorization: `Bearer ${TOKENS.flood}`,
        "mcp-session-id": id,
        "mcp-protocol-version": "2025-06-18",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
    });
    await res.text();
    return res.status === 200;
  };
  const firstAndLast = (await stillOpen(ids[0]!)) && (await stillOpen(ids[ids.length - 1]!));
  await probe.close();

  const added = mb(after.rssKiB - before.rssKiB);
  const rest = percentiles(atRest);
  const flood = percentiles(duringFlood);
  const ms = (v: number) => v.toFixed(2);
  console.log(
    `abandoned sessions: ${ids.length} opened in ${floodS.toFixed(1)} s (${(ids.length / floodS).toFixed(0)}/s, ${concurrency} workers)`,
  );
  console.log(
    `MCP server RSS: before ${mb(before.rssKiB).toFixed(1)} MB, after ${mb(after.rssKiB).toFixed(1)} MB (settled ${settleMs} ms), peak ${mb(after.peakKiB).toFixed(1)} MB`,
  );
  console.log(
    `added: ${added.toFixed(1)} MB = ${((added / ids.length) * 1000).toFixed(2)} MB per 1,000 sessions (target: <= 64 MB for 10,000)`,
  );
  console.log(
    `probe tools/list (other client): at rest p50 ${ms(rest.p50)} ms p99 ${ms(rest.p99)} ms; during the flood p50 ${ms(flood.p50)} ms p99 ${ms(flood.p99)} ms (n=${flood.n})`,
  );
  console.log(`first and last abandoned sessions still answer: ${firstAndLast}`);
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
