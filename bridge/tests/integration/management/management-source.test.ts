/**
 * The Server Management Protocol source against the devserver's endpoint over real sockets: TLS
 * with the server's self-signed certificate pinned from a PEM file, refusal of an unpinned
 * certificate and of a wrong secret, and joins/quits/status stored as events.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger, EventMessageSchema, redisKeys } from "@mcp-bridge/shared";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningDevserver, startDevserver } from "../../../../shared/testing/devserver.js";
import { simOn } from "../../../../shared/testing/game.js";
import { until } from "../../../../shared/testing/processes.js";
import { testRedisUrl, uniquePrefix } from "../../../../shared/testing/redis.js";
import { ManagementSource } from "../../../src/management/management-source.js";
import { ManagementStore } from "../../../src/management/management-store.js";
import { createServerSources } from "../../../src/sources/create-sources.js";

const SECRET = "Q7fK2mZp9LxW4rT8vB3nH6cJ1dS5gY0aE2uI7oPq";
const logger = createLogger({ name: "management-test", level: "silent" });
const redis = new Redis(testRedisUrl());
let dir: string;
let devserver: RunningDevserver;
let url: string;
let pem: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mgmt-"));
  const keystore = join(dir, "mc.p12");
  pem = join(dir, "mc.pem");
  const kt = (...args: string[]) => execFileSync("keytool", args, { stdio: "ignore" });
  kt(
    "-genkeypair",
    "-alias",
    "mc",
    "-keyalg",
    "RSA",
    "-keysize",
    "2048",
    "-storetype",
    "PKCS12",
    "-keystore",
    keystore,
    "-storepass",
    "changeit",
    "-validity",
    "2",
    "-dname",
    "CN=minecraft-test",
  );
  kt("-exportcert", "-rfc", "-alias", "mc", "-keystore", keystore, "-storepass", "changeit", "-file", pem);
  devserver = await startDevserver({
    noMod: true,
    players: ["Steve"],
    extraArgs: [
      "--mc-version",
      "1.21.11",
      "--management-port",
      "0",
      "--management-secret",
      SECRET,
      "--management-keystore",
      keystore,
      "--management-keystore-password",
      "changeit",
      "--status-heartbeat",
      "1",
    ],
  });
  url = `wss://127.0.0.1:${devserver.managementPort}`;
}, 120_000);
afterAll(async () => {
  await devserver?.stop();
  await redis.quit();
  rmSync(dir, { recursive: true, force: true });
});

function source(prefix: string, options: { secret?: string; certFile?: string } = {}) {
  return new ManagementSource({
    serverId: "m",
    url,
    secret: options.secret ?? SECRET,
    certFile: options.certFile,
    store: new ManagementStore(redis, prefix, "m", 1000),
    logger,
    reconnect: { baseMs: 50, maxMs: 200 },
  });
}

describe("management source", () => {
  it("connects over TLS trusting only the pinned self-signed certificate and stores joins, quits and heartbeats", async () => {
    const prefix = uniquePrefix("mgmt");
    const s = source(prefix, { certFile: pem });
    s.start();
    try {
      await until(() => s.active, "connected", 15_000);
      await simOn(devserver, "sim join Alex", "sim quit Alex");
      const key = redisKeys(prefix).eventStream("m");
      await until(async () => (await redis.xlen(key)) >= 3, "join, quit and a heartbeat stored", 15_000);
      const events = ((await redis.xrange(key, "-", "+")) as [string, string[]][]).map(([, f]) => ({
        origin: f[f.indexOf("origin") + 1],
        event: EventMessageSchema.parse(JSON.parse(f[f.indexOf("event") + 1]!)),
      }));
      const players = events.filter((e) => e.event.payload.eventType !== "server_status");
      expect(
        players.map((e) => [e.event.payload.eventType, (e.event.payload.data as { player: string }).player]),
      ).toEqual([
        ["player_join", "Alex"],
        ["player_quit", "Alex"],
      ]);
      expect(events.every((e) => e.origin === "management")).toBe(true);
      const seqs = events.map((e) => e.event.payload.seq);
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
      const heartbeat = events.find((e) => e.event.payload.eventType === "server_status")!;
      expect(heartbeat.event.payload.data).toMatchObject({
        status: "heartbeat",
        started: true,
        version: "1.21.11",
        onlinePlayers: 1,
      });
      expect(s.state).toContain("(management protocol 2.0.0)");

      // With nobody online the real server (and the devserver) leaves `players` out of the status.
      await simOn(devserver, "sim quit Steve");
      const emptyHeartbeat = async () =>
        ((await redis.xrange(key, "-", "+")) as [string, string[]][])
          .map(([, f]) => EventMessageSchema.parse(JSON.parse(f[f.indexOf("event") + 1]!)).payload.data)
          .some((d) => (d as { onlinePlayers?: number }).onlinePlayers === 0);
      await until(emptyHeartbeat, "a heartbeat with onlinePlayers 0 stored", 15_000);
    } finally {
      await s.stop();
    }
  });

  it("publishes the sources' description as soon as the connection is up, not at the next 5-s period", async () => {
    const prefix = uniquePrefix("mgmt");
    const counter = { inc: () => undefined };
    const sources = createServerSources(
      {
        id: "m",
        ...{ rconHost: "127.0.0.1", rconPort: devserver.rconPort, rconPassword: devserver.password },
        ...{ eventsToken: "t".repeat(16), statusPort: devserver.statusPort, logFromStart: false },
        ...{ managementUrl: url, managementSecret: SECRET, managementCertFile: pem },
      },
      {
        ...{ redis, prefix, streamMaxLen: 1000, logTailPollMs: 40, logger },
        metrics: { logLines: counter, eventsOut: counter } as never,
        modConnected: () => false,
        detectedMode: () => "vanilla",
        reconnect: { baseMs: 50, maxMs: 200 },
      },
    );
    const key = redisKeys(prefix).eventSources("m");
    const management = async () =>
      (
        JSON.parse((await redis.get(key)) ?? "{}") as { sources?: { source: string; active: boolean }[] }
      ).sources?.find((s) => s.source === "management");
    const started = Date.now();
    sources.start();
    try {
      await until(
        async () => (await management())?.active === true,
        "the record says management is active",
        15_000,
      );
      // The first record (published at start) said "not connected"; the next period is 5 s away.
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      await sources.stop();
    }
  });

  it("does not connect when the certificate is not pinned, or with a wrong secret, and says why", async () => {
    const unpinned = source(uniquePrefix("mgmt"));
    const wrongSecret = source(uniquePrefix("mgmt"), { certFile: pem, secret: "x".repeat(40) });
    unpinned.start();
    wrongSecret.start();
    try {
      await until(
        () => /self-signed|certificate/i.test(unpinned.state),
        "certificate refusal reported",
        15_000,
      );
      await until(() => /401/.test(wrongSecret.state), "401 reported", 15_000);
      expect(unpinned.active || wrongSecret.active).toBe(false);
      expect(wrongSecret.state).toMatch(/MC_MANAGEMENT_SECRET/);
    } finally {
      await Promise.all([unpinned.stop(), wrongSecret.stop()]);
    }
  });

  it("tells the admin what to set when nothing listens (vanilla does not start with TLS on and no keystore)", async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const s = new ManagementSource({
      serverId: "m",
      url: `wss://127.0.0.1:${closed}`,
      secret: SECRET,
      store: new ManagementStore(redis, uniquePrefix("mgmt"), "m", 1000),
      logger,
      reconnect: { baseMs: 50, maxMs: 200 },
    });
    s.start();
    try {
      await until(() => /ECONNREFUSED/.test(s.state), "refusal reported", 15_000);
      expect(s.state).toContain("TLS is enabled but keystore is not configured");
      expect(s.state).toContain("management-server-tls-keystore");
      expect(s.state).toContain("MINECRAFT_MANAGEMENT_TLS_KEYSTORE_PASSWORD");
      expect(s.state).toContain("management-server-tls-enabled=false");
    } finally {
      await s.stop();
    }
  });
});
