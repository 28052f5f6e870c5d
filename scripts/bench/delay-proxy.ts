/**
 * A network between two hosts, for the benchmark's `--rtt MS`: a TCP proxy that forwards every chunk
 * in both directions after MS/2 milliseconds, in order, so each round trip through it takes MS more.
 * Benchmark only. Run as its own process (its CPU is the network's, not a server's):
 *
 *   node --import tsx scripts/bench/delay-proxy.ts --listen PORT --target HOST:PORT --rtt MS
 *
 * Prints "listening <port>" once it accepts connections.
 */
import { createConnection, createServer, type Socket } from "node:net";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    listen: { type: "string", default: "0" },
    target: { type: "string" },
    rtt: { type: "string" },
  },
});
const [host, port] = (values.target ?? "").split(":");
const oneWayMs = Number(values.rtt) / 2;
if (!host || !Number(port) || !Number.isFinite(oneWayMs) || oneWayMs < 0) {
  throw new Error("usage: delay-proxy.ts --listen PORT --target HOST:PORT --rtt MS");
}

/** Forwards `from`'s bytes to `to`, each chunk `oneWayMs` after it arrived (equal delays keep order). */
function forward(from: Socket, to: Socket): void {
  from.on("data", (chunk) => {
    setTimeout(() => {
      if (!to.destroyed) to.write(chunk);
    }, oneWayMs);
  });
  from.on("end", () => setTimeout(() => to.end(), oneWayMs));
  from.on("error", () => to.destroy());
  from.on("close", (hadError) => {
    if (hadError) to.destroy();
  });
}

const server = createServer((client) => {
  const upstream = createConnection({ host, port: Number(port) });
  // Each chunk goes out as soon as its delay is over (no Nagle: it would hold small writes for an ACK).
  client.setNoDelay(true);
  upstream.setNoDelay(true);
  forward(client, upstream);
  forward(upstream, client);
});
server.listen(Number(values.listen), "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === "object" && address ? address.port : "?"}\n`);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(0));
