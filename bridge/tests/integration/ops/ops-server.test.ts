import { createLogger } from "@mcp-bridge/shared";
import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testRedisUrl, uniquePrefix } from "../../../../shared/testing/redis.js";
import { createMetrics } from "../../../src/ops/metrics.js";
import { createOpsServer, type OpsServer, type Readiness } from "../../../src/ops/ops-server.js";

const logger = createLogger({ name: "ops-test", level: "silent" });
const BOARD = { user: "ops", password: "s3cret:pw", readOnly: true };
const basic = (user: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`,
});

let queue: Queue;
let withBoard: OpsServer;
let noBoard: OpsServer;
let readiness: Readiness | Error = { ready: true, checks: { redis: { ok: true } } };

beforeAll(async () => {
  const url = new URL(testRedisUrl());
  queue = new Queue("commands-survival", {
    prefix: uniquePrefix("ops"),
    connection: { host: url.hostname, port: Number(url.port || 6379), maxRetriesPerRequest: null },
  });
  await queue.add("get_online_players", {});
  await queue.add("get_server_info", {});
  const common = {
    port: 0,
    logger,
    readiness: async () => {
      if (readiness instanceof Error) throw readiness;
      return readiness;
    },
    readinessTimeoutMs: 300,
  };
  withBoard = await createOpsServer({ ...common, metrics: createMetrics(), queues: [queue], board: BOARD });
  noBoard = await createOpsServer({ ...common, metrics: createMetrics(), queues: [], board: undefined });
});

afterAll(async () => {
  await withBoard.close();
  await noBoard.close();
  await queue.obliterate({ force: true });
  await queue.close();
});

describe("ops HTTP", () => {
  it("GET /healthz answers 200 JSON while the process is up", async () => {
    const res = await fetch(`${withBoard.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
  });

  it("GET /readyz is 200 when ready and 503 with the failing checks otherwise", async () => {
    readiness = { ready: true, checks: { redis: { ok: true } } };
    expect((await fetch(`${withBoard.url}/readyz`)).status).toBe(200);

    readiness = {
      ready: false,
      checks: { redis: { ok: true }, "rcon:survival": { ok: false, detail: "refused" } },
    };
    const down = await fetch(`${withBoard.url}/readyz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual(readiness);

    readiness = new Error("redis unreachable");
    const failing = await fetch(`${withBoard.url}/readyz`);
    expect(failing.status).toBe(503);
    expect(await failing.json()).toMatchObject({
      checks: { readiness: { ok: false, detail: "redis unreachable" } },
    });
    readiness = { ready: true, checks: {} };
  });

  it("GET /metrics serves Prometheus text with the queue depth read from BullMQ", async () => {
    const res = await fetch(`${withBoard.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    expect(text).toContain('mcpbridge_queue_depth{serverId="survival",state="waiting"} 2');
    expect(text).toContain("# TYPE mcpbridge_event_lag_seconds histogram");
  });

  it("Bull Board refuses requests without or with wrong credentials", async () => {
    const none = await fetch(`${withBoard.url}/board`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Basic realm="bull-board"/);
    expect((await fetch(`${withBoard.url}/board/api/queues`, { headers: basic("ops", "nope") })).status).toBe(
      401,
    );
    expect((await fetch(`${withBoard.url}/board`, { headers: basic("admin", BOARD.password) })).status).toBe(
      401,
    );
  });

  it("Bull Board serves the UI and the queues (read-only) with the right credentials", async () => {
    const page = await fetch(`${withBoard.url}/board`, { headers: basic(BOARD.user, BOARD.password) });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<html");
    const api = await fetch(`${withBoard.url}/board/api/queues`, {
      headers: basic(BOARD.user, BOARD.password),
    });
    expect(api.status).toBe(200);
    const body = (await api.json()) as { queues: { name: string; readOnlyMode: boolean }[] };
    expect(body.queues.map((q) => [q.name, q.readOnlyMode])).toEqual([["commands-survival", true]]);
  });

  it("has no Bull Board at all when no credentials are configured", async () => {
    expect((await fetch(`${noBoard.url}/board`, { headers: basic(BOARD.user, BOARD.password) })).status).toBe(
      404,
    );
  });

  it("answers 404 to upgrades when no event ingest is attached", async () => {
    const { default: WebSocket } = await import("ws");
    const status = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(`${noBoard.url.replace("http", "ws")}/events`);
      ws.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      ws.once("open", () => reject(new Error("upgrade should have been refused")));
      ws.once("error", () => {});
    });
    expect(status).toBe(404);
  });
});
