/**
 * The whole product for end-to-end tests and the whole-chain benchmark (scripts/bench), as real processes: devserver (real mod core, or
 * --no-mod), the built bridge (node bridge/dist/main.js) and the built MCP server over HTTP
 * (node mcp/dist/main.js --http), sharing a Redis (REDIS_URL) under a unique key prefix.
 * Clients: the SDK's StreamableHTTPClientTransport (through shared/testing/mcp-http-client) and
 * StdioClientTransport.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { type RunningDevserver, startDevserver } from "./devserver.js";
import { connectHttpClient } from "./mcp-http-client.js";
import { freePort, holdFreePorts, httpOk, type Proc, REPO, startNode, until } from "./processes.js";
import { testRedisUrl, uniquePrefix } from "./redis.js";

export interface StackOptions {
  noMod?: boolean;
  players?: string[];
  redisUrl?: string;
  /** Extra environment for the bridge / MCP processes. */
  bridgeEnv?: Record<string, string>;
  mcpEnv?: Record<string, string>;
  /** Policy roles/clients to add to the default admin + observer. */
  policy?: { roles?: Record<string, unknown>; clients?: unknown[] };
  /** Extra command patterns the mod allows. */
  allow?: string[];
  /** Extra devserver arguments, e.g. a version and flavour (shared/testing/flavours.ts). */
  devserverArgs?: string[];
  /** More devservers, each a server id with its own players, served by the same bridge and MCP server. */
  moreServers?: { id: string; players: string[] }[];
  /** The devserver writes logs/latest.log and the bridge tails it (MC_LOG_FILE). */
  withLog?: boolean;
  /** The devserver serves the Server Management Protocol (plain ws://) and the bridge listens to it. */
  withManagement?: boolean;
}

export interface Stack {
  readonly serverId: string;
  readonly prefix: string;
  readonly redisUrl: string;
  readonly jobSecret: string;
  readonly adminToken: string;
  readonly observerToken: string;
  readonly policyFile: string;
  readonly mcpUrl: string;
  readonly bridgeUrl: string;
  readonly board: { user: string; password: string };
  /** The devserver's logs folder (withLog). */
  readonly logDir: string;
  devserver: RunningDevserver;
  /** Every devserver by server id (the first is `devserver`, id `serverId`). */
  devservers: Record<string, RunningDevserver>;
  bridge: Proc;
  mcp: Proc;
  /**
   * Another bridge process. `standby`: while the current one still runs (it then waits for the
   * lease), on its own ops port, since two processes cannot listen on one; the devserver's events
   * still go to the first port.
   */
  startBridge(name?: string, options?: { standby?: boolean }): Promise<Proc>;
  httpClient(token?: string): Promise<Client>;
  stdioClient(env?: Record<string, string>): Promise<Client>;
  stop(): Promise<void>;
}

const secret = () => randomBytes(18).toString("base64url");
const sha = (t: string) => createHash("sha256").update(t).digest("hex");

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const serverId = "e2e";
  const prefix = uniquePrefix("e2e");
  const redisUrl = options.redisUrl ?? testRedisUrl();
  const jobSecret = secret();
  const adminToken = secret();
  const observerToken = secret();
  const eventsToken = secret();
  const board = { user: "admin", password: secret() };
  const dir = mkdtempSync(join(tmpdir(), "mcpb-e2e-"));
  const policyFile = join(dir, "policy.json");
  writeFileSync(
    policyFile,
    JSON.stringify({
      roles: {
        admin: { tools: ["*"], commands: [".*"], players: ["*"] },
        observer: { tools: ["get_*", "wait_for_events", "search_events", "subscribe_events"] },
        ...options.policy?.roles,
      },
      clients: [
        { id: "e2e-admin", role: "admin", tokenSha256: sha(adminToken) },
        { id: "e2e-observer", role: "observer", tokenSha256: sha(observerToken) },
        { id: "e2e-stdio", role: "admin" },
        ...(options.policy?.clients ?? []),
      ],
    }),
  );
  // Distinct ports, and the bridge's and the MCP server's held until they start: the devserver binds
  // its RCON and status ports to port 0, and the OS may give it a port probed and closed just before.
  const held = await holdFreePorts(2);
  const [bridgePort, mcpPort] = held.ports as [number, number];
  const logDir = join(dir, "logs");
  const managementSecret = randomBytes(20).toString("hex");
  const sourceArgs = [
    ...(options.withLog ? ["--log-dir", logDir] : []),
    ...(options.withManagement
      ? [
          // The protocol exists from 1.21.9 on; a later --mc-version in devserverArgs wins.
          "--mc-version",
          "1.21.11",
          "--management-port",
          "0", // any free port: the devserver reports it (a probed one could be taken before it binds)
          "--management-secret",
          managementSecret,
          "--management-tls-off",
        ]
      : []),
  ];
  const startOne = (id: string, players: string[], token: string, extra: string[] = []) =>
    startDevserver({
      noMod: options.noMod,
      players,
      serverId: id,
      bridgeUrl: `ws://127.0.0.1:${bridgePort}/events`,
      eventsToken: token,
      allow: options.allow,
      extraArgs: [...extra, ...(options.devserverArgs ?? [])],
    });
  const devserver = await startOne(serverId, options.players ?? ["Steve", "Alex"], eventsToken, sourceArgs);
  const sourceEnv: Record<string, string> = {
    // From the start: tests account for every line the devserver wrote, start-up lines included.
    ...(options.withLog ? { MC_LOG_FILE: join(logDir, "latest.log"), MC_LOG_FROM_START: "true" } : {}),
    ...(options.withManagement
      ? {
          MC_MANAGEMENT_URL: `ws://127.0.0.1:${devserver.managementPort}`,
          MC_MANAGEMENT_SECRET: managementSecret,
          RCON_RECONNECT_MAX_MS: "2000",
        }
      : {}),
  };
  const devservers: Record<string, RunningDevserver> = { [serverId]: devserver };
  const served = [{ id: serverId, dev: devserver, eventsToken }];
  for (const more of options.moreServers ?? []) {
    const token = secret();
    devservers[more.id] = await startOne(more.id, more.players, token);
    served.push({ id: more.id, dev: devservers[more.id]!, eventsToken: token });
  }
  const serversFile = join(dir, "servers.json");
  writeFileSync(
    serversFile,
    JSON.stringify(
      served.map((s) => ({
        id: s.id,
        rconHost: "127.0.0.1",
        rconPort: s.dev.rconPort,
        rconPassword: s.dev.password,
        eventsToken: s.eventsToken,
        statusPort: s.dev.statusPort,
      })),
    ),
  );
  const common = {
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    JOB_SECRET: jobSecret,
    POLICY_FILE: policyFile,
  };
  const bridgeEnv = {
    ...common,
    MC_SERVER_ID: serverId,
    MC_RCON_HOST: "127.0.0.1",
    MC_RCON_PORT: String(devserver.rconPort),
    MC_RCON_PASSWORD: devserver.password,
    MC_STATUS_PORT: String(devserver.statusPort),
    MC_EVENTS_TOKEN: eventsToken,
    BRIDGE_HOST: "127.0.0.1",
    BRIDGE_PORT: String(bridgePort),
    BOARD_USER: board.user,
    BOARD_PASSWORD: board.password,
    LEASE_TTL_MS: "2000",
    ...sourceEnv,
    ...(served.length > 1 ? { BRIDGE_SERVERS_FILE: serversFile } : {}),
    ...options.bridgeEnv,
  };
  const mcpEnv = {
    ...common,
    MCP_SERVERS: served.map((s) => s.id).join(","),
    MCP_HOST: "127.0.0.1",
    MCP_PORT: String(mcpPort),
    JOB_TIMEOUT_MS: "20000",
    ...options.mcpEnv,
  };
  const bridgeUrl = `http://127.0.0.1:${bridgePort}`;
  const mcpUrl = `http://127.0.0.1:${mcpPort}/mcp`;
  const clients: Client[] = [];
  let bridgeCount = 0;

  const startBridge = async (name = `bridge-${prefix}-${++bridgeCount}`, how: { standby?: boolean } = {}) => {
    await held.release();
    const port = how.standby ? await freePort() : bridgePort;
    const proc = startNode(name, "bridge/dist/main.js", [], { ...bridgeEnv, BRIDGE_PORT: String(port) });
    await until(
      () => httpOk(`http://127.0.0.1:${port}/healthz`),
      `bridge /healthz (${name})\n${proc.output()}`,
    );
    return proc;
  };
  const bridge = await startBridge();
  const mcp = startNode(`mcp-${prefix}`, "mcp/dist/main.js", ["--http"], mcpEnv);
  await until(() => httpOk(mcpUrl), `MCP HTTP server\n${mcp.output()}`);

  const stack: Stack = {
    serverId,
    prefix,
    redisUrl,
    jobSecret,
    adminToken,
    observerToken,
    policyFile,
    mcpUrl,
    bridgeUrl,
    board,
    logDir,
    devserver,
    devservers,
    bridge,
    mcp,
    startBridge,
    async httpClient(token = adminToken) {
      const client = await connectHttpClient(mcpUrl, token, "e2e-http");
      clients.push(client);
      return client;
    },
    async stdioClient(env = {}) {
      const client = new Client({ name: "e2e-stdio", version: "1.0.0" });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [`${REPO}mcp/dist/main.js`],
          env: { ...(process.env as Record<string, string>), ...mcpEnv, MCP_CLIENT_ID: "e2e-stdio", ...env },
          stderr: "ignore",
        }),
      );
      clients.push(client);
      return client;
    },
    async stop() {
      await Promise.allSettled(clients.map((c) => c.close()));
      await Promise.allSettled([stack.mcp.stop(), stack.bridge.stop()]);
      await stack.devserver.stop().catch(() => undefined);
      await Promise.allSettled(served.slice(1).map((s) => s.dev.stop()));
    },
  };
  return stack;
}
