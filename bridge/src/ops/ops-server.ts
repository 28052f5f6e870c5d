/**
 * The bridge's one HTTP server. In: GET /healthz, /readyz, /metrics, /board/* (Basic auth) and
 * WebSocket upgrades of /events (handed to the event ingest). Out: JSON health answers,
 * Prometheus text, the Bull Board UI. Readiness is computed by the caller's function; this file
 * only turns it into 200/503 with a bounded wait.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { EventSourceDescription } from "@mcp-bridge/shared";
import type { Queue } from "bullmq";
import express from "express";
import type { Logger } from "pino";
import type { EventIngest } from "../events/ingest.js";
import { type BoardOptions, mountBoard } from "./board.js";
import type { BridgeMetrics } from "./metrics.js";

interface ReadinessCheck {
  ok: boolean;
  detail?: string;
  /** The protocol error code of a failure the bridge does not retry (e.g. AUTH_FAILED): fix, then restart. */
  code?: string;
  /** For `events:<serverId>`: each event source, whether it is active and the types it delivers. */
  eventSources?: EventSourceDescription[];
}

export interface Readiness {
  ready: boolean;
  checks: Record<string, ReadinessCheck>;
}

export interface OpsServerOptions {
  /** Default 127.0.0.1; port 0 picks a free port. */
  host?: string;
  port: number;
  metrics: BridgeMetrics;
  /** Redis, RCON and mod connection per server; supplied by the composition root. */
  readiness: () => Promise<Readiness>;
  /** Longest wait for readiness before answering 503. Default 3000 ms. */
  readinessTimeoutMs?: number;
  queues: readonly Queue[];
  /** Bull Board credentials; without them /board does not exist (404). */
  board: BoardOptions | undefined;
  eventIngest?: Pick<EventIngest, "handleUpgrade">;
  logger: Logger;
}

export interface OpsServer {
  /** http://host:port */
  url: string;
  close(): Promise<void>;
}

async function readinessWithin(check: () => Promise<Readiness>, timeoutMs: number): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Readiness>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({
          ready: false,
          checks: { readiness: { ok: false, detail: `no answer in ${timeoutMs} ms` } },
        }),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([check(), timeout]);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ready: false, checks: { readiness: { ok: false, detail } } };
  } finally {
    clearTimeout(timer);
  }
}

function buildOpsApp(options: OpsServerOptions): express.Express {
  const { metrics, logger } = options;
  const started = Date.now();
  metrics.watchQueues(options.queues);
  const app = express();
  app.disable("x-powered-by");

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok", uptimeS: Math.round((Date.now() - started) / 1000) });
  });
  app.get("/readyz", async (_req, res) => {
    const readiness = await readinessWithin(options.readiness, options.readinessTimeoutMs ?? 3000);
    res.status(readiness.ready ? 200 : 503).json(readiness);
  });
  app.get("/metrics", async (_req, res) => {
    try {
      res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    } catch (error) {
      logger.error({ err: error }, "metrics collection failed");
      res.status(500).type("text/plain").send("metrics collection failed; see the bridge log");
    }
  });
  if (options.board) mountBoard(app, options.queues, options.board);
  return app;
}

export async function createOpsServer(options: OpsServerOptions): Promise<OpsServer> {
  const app = buildOpsApp(options);
  const server: Server = createServer(app);
  server.on("upgrade", (req, socket, head) => {
    if (options.eventIngest) {
      options.eventIngest.handleUpgrade(req, socket, head);
    } else {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      socket.destroy();
    }
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  options.logger.info({ url, board: options.board !== undefined }, "ops HTTP listening");
  let closing: Promise<void> | undefined;
  return {
    url,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
