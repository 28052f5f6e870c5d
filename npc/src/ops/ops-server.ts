/**
 * The NPC service's HTTP port: GET /healthz (Redis and every LLM backend an NPC uses), GET /metrics
 * (Prometheus), and /mcp, the operator tools over Streamable HTTP with the policy's bearer tokens.
 */

import type { AddressInfo } from "node:net";
import type { Policy, PolicyWatch, RedisConnection } from "@mcp-bridge/shared";
import { createHttpApp, sendJson } from "@mcp-bridge/shared/mcp";
import type { NpcService } from "../service.js";
import { createOperatorServer } from "./operator-tools.js";

export interface OpsServer {
  url: string;
  close(): Promise<void>;
}

export async function startOpsServer(
  service: NpcService,
  redis: RedisConnection,
  policy: () => Policy,
  options: { host: string; port: number; allowedHosts: string[]; policyChanges?: PolicyWatch },
): Promise<OpsServer> {
  const { host, port } = options;
  const http = createHttpApp(
    policy,
    { host, port, allowedHosts: options.allowedHosts, allowedOrigins: [] },
    (client) => () => createOperatorServer(service, policy, client, options.policyChanges),
  );
  http.get("/healthz", async (_req, res) => {
    const redisOk = await redis.ping().then(
      () => true,
      () => false,
    );
    const backends = [...new Set(service.list().map((s) => s.npc.llm.backend))];
    const llm = Object.fromEntries(
      await Promise.all(backends.map(async (b) => [b, await service.backends[b].health()] as const)),
    );
    const ok = redisOk && Object.values(llm).every((h) => h.ok);
    sendJson(res, ok ? 200 : 503, {
      ok,
      redis: redisOk,
      llm,
      npcs: service.list().length,
      npcsOn: service.npcsOn,
    });
  });
  http.get("/metrics", async (_req, res) => {
    const text = await service.metrics.registry.metrics();
    res.writeHead(200, {
      "Content-Type": service.metrics.registry.contentType,
      "Content-Length": Buffer.byteLength(text),
    });
    res.end(text);
  });
  const server = await http.listen(port, host);
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${bound}`,
    async close() {
      await http.closeSessions();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
