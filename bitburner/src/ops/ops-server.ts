/**
 * The ops HTTP port. In: GET /healthz (the process runs), /readyz (200 only while a game is
 * attached), /metrics (Prometheus text). Out: JSON or Prometheus text; anything else is 404.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { GameStatus } from "../game/game-link.js";
import type { Metrics } from "./metrics.js";

export interface OpsServer {
  url: string;
  close(): Promise<void>;
}

export async function startOpsServer(
  options: { host: string; port: number },
  metrics: Metrics,
  game: () => GameStatus,
): Promise<OpsServer> {
  const started = Date.now();
  const server: Server = createServer((req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    const path = (req.url ?? "/").split("?")[0];
    if (req.method !== "GET") return json(405, { error: "only GET" });
    if (path === "/healthz")
      return json(200, { status: "ok", uptimeS: Math.round((Date.now() - started) / 1000) });
    if (path === "/readyz") {
      const status = game();
      return json(status.connected ? 200 : 503, {
        ready: status.connected,
        game: status,
        ...(status.connected
          ? {}
          : { detail: "no game attached: in Bitburner use Options -> Remote API -> Connect" }),
      });
    }
    if (path === "/metrics") {
      metrics.registry.metrics().then(
        (text) => res.writeHead(200, { "content-type": metrics.registry.contentType }).end(text),
        () => json(500, { error: "metrics collection failed" }),
      );
      return;
    }
    json(404, { error: "not found; try /healthz, /readyz or /metrics" });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
