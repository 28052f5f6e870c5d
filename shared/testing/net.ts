/** Test support: a free TCP port on 127.0.0.1 (the OS picks it; the listener is closed again). */
import { createServer, type Server } from "node:net";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * `count` distinct free ports, each held by an open listener until `release` (so that no other bind
 * to port 0 meanwhile, such as a devserver's RCON port, is given one of them). Release right before
 * the process that is to listen on them starts.
 */
export async function holdFreePorts(count: number): Promise<{ ports: number[]; release(): Promise<void> }> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve, reject) => {
          // A client that connects meanwhile (a devserver's event emitter) is dropped, as if refused.
          const server = createServer((socket) => socket.destroy());
          server.once("error", reject);
          server.listen(0, "127.0.0.1", () => resolve(server));
        }),
    ),
  );
  const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));
  let released: Promise<unknown> | undefined;
  return {
    ports: servers.map((server) => (server.address() as { port: number }).port),
    release: async () => {
      released ??= Promise.all(servers.map(close));
      await released;
    },
  };
}
