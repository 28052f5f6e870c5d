/**
 * Test support: the Bitburner MCP server driven by a real MCP SDK Client, either as the real CLI
 * over stdio (main.ts through tsx) or in-process over Streamable HTTP with bearer tokens, with the
 * game port on loopback for a FakeGame to connect to.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Policy, type PolicyDocument, PolicySchema, sha256Hex } from "@mcp-bridge/shared";
import { DEFAULT_SESSION_LIMITS, startHttp } from "@mcp-bridge/shared/mcp";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { connectHttpClient } from "../../shared/testing/mcp-http-client.js";
import { freePort } from "../../shared/testing/net.js";
import { type BitburnerConfig, httpBodyLimit } from "../src/config.js";
import { createRuntime } from "../src/runtime.js";
import { createServer } from "../src/server.js";
import { quiet } from "./logger.js";

const packageDir = fileURLToPath(new URL("..", import.meta.url));

export const TOKENS = {
  admin: "admin-token-0123456789",
  reader: "reader-token-0123456789",
  small: "small-token-0123456789",
};

export function testPolicy(): PolicyDocument {
  return PolicySchema.parse({
    roles: {
      admin: { tools: ["*"], commands: [], players: ["*"] },
      reader: { tools: ["list_*", "read_file", "get_*", "calculate_ram"], commands: [], players: ["*"] },
      small: { tools: ["*"], commands: [], players: ["*"], maxWriteBytes: 100 },
    },
    clients: Object.entries(TOKENS).map(([id, token]) => ({ id, role: id, tokenSha256: sha256Hex(token) })),
  });
}

export interface Harness {
  client: Client;
  gameUrl: string;
  opsUrl?: string;
  stderr(): string;
  /** Another client of the same server (HTTP only), e.g. with another token. */
  connect?(token: string): Promise<Client>;
  close(): Promise<void>;
}

export async function stdioHarness(env: Record<string, string> = {}): Promise<Harness> {
  const port = await freePort();
  let stderr = "";
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--import", "tsx", join(packageDir, "src/main.ts")],
    cwd: packageDir,
    stderr: "pipe",
    env: {
      PATH: process.env.PATH ?? "",
      TSX_TSCONFIG_PATH: join(packageDir, "tsconfig.json"),
      BITBURNER_RPC_URL: `ws://127.0.0.1:${port}`,
      BITBURNER_OPS_PORT: "0",
      BITBURNER_GRACE_MS: "3000",
      LOG_LEVEL: "info",
      ...env,
    },
  });
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: "bitburner-stdio-test", version: "1.0.0" });
  await client.connect(transport);
  return {
    client,
    gameUrl: `ws://127.0.0.1:${port}`,
    stderr: () => stderr,
    close: () => client.close(),
  };
}

/** With `policyFile`, the policy is read from it and hot-reloaded (as in production); else testPolicy(). */
export async function httpHarness(
  overrides: Partial<BitburnerConfig["game"]> = {},
  fileWriteMaxBytes = 1_000_000,
  policyFile?: string,
) {
  const config: BitburnerConfig = {
    game: {
      host: "127.0.0.1",
      port: 0,
      pathSecret: undefined,
      allowedOrigins: [],
      graceMs: 3000,
      timeoutMs: 5000,
      maxPayloadBytes: 64 * 1024 * 1024,
      ...overrides,
    },
    fileWriteMaxBytes,
    policyFile,
    clientId: "local",
    http: {
      host: "127.0.0.1",
      port: 0,
      allowedHosts: ["127.0.0.1", "localhost"],
      allowedOrigins: [],
      maxBodyBytes: httpBodyLimit(fileWriteMaxBytes),
      sessions: DEFAULT_SESSION_LIMITS,
    },
    ops: { host: "127.0.0.1", port: 0 },
    logLevel: "silent",
  };
  const fixed = Policy.parse(testPolicy());
  const runtime = await createRuntime(config, quiet, policyFile ? undefined : () => fixed);
  const http = await startHttp(
    runtime.policy!,
    config.http,
    (client) => () => createServer(runtime.deps, client),
  );
  const clients: Client[] = [];
  const connect = async (token: string) => {
    const client = await connectHttpClient(http.url, token, "bitburner-http-test");
    clients.push(client);
    return client;
  };
  const client = await connect(TOKENS.admin);
  return {
    client,
    gameUrl: runtime.link.url,
    opsUrl: runtime.ops.url,
    mcpUrl: http.url,
    runtime,
    stderr: () => "",
    connect,
    async close() {
      await Promise.allSettled(clients.map((c) => c.close()));
      await http.close();
      await runtime.close();
    },
  } satisfies Harness & { runtime: unknown; mcpUrl: string };
}

export async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}
