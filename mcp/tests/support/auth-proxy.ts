/**
 * The conformance CLI cannot send a bearer token, and this server refuses requests without one.
 * This loopback proxy adds `Authorization: Bearer <token>` and forwards everything else unchanged
 * (Host and Origin included, so DNS-rebinding checks still see what the client sent).
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface AuthProxy {
  url: string;
  close(): Promise<void>;
}

export async function startAuthProxy(target: string, token: string): Promise<AuthProxy> {
  const to = new URL(target);
  const server: Server = createServer((req, res) => {
    const upstream = request(
      {
        host: to.hostname,
        port: to.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, authorization: `Bearer ${token}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}${to.pathname}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
