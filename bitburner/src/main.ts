#!/usr/bin/env node
/**
 * Process entry of `bitburner-mcp`: stdio by default (for a desktop client), Streamable HTTP with
 * `--http`. Listens for the game, prints what to enter in Bitburner (stderr: stdout is the MCP
 * stream), serves until SIGINT/SIGTERM or, for stdio, until stdin closes.
 */
import {
  answeredInfoFlag,
  BridgeError,
  createLogger,
  loadConfigOrExit,
  stopOnce,
  transportOf,
} from "@mcp-bridge/shared";
import { serveStdio, startHttp } from "@mcp-bridge/shared/mcp";
import { configSummary, loadConfig } from "./config.js";
import { createRuntime, type Runtime } from "./runtime.js";
import { createServer } from "./server.js";
import { VERSION } from "./version.js";

async function main(argv: string[]): Promise<void> {
  if (
    answeredInfoFlag(
      argv,
      "Usage: bitburner-mcp [--http]   (configuration from the environment, see README 'Bitburner')",
      VERSION,
    )
  )
    return;
  const mode = transportOf(argv);
  const config = loadConfigOrExit(() => loadConfig(process.env));
  if (mode === "http" && !config.policyFile) {
    process.stderr.write(
      "POLICY_FILE is required with --http: its clients' bearer tokens guard the endpoint\n",
    );
    process.exitCode = 2;
    return;
  }
  const logger = createLogger({ name: "bitburner-mcp", level: config.logLevel });
  let runtime: Runtime;
  try {
    runtime = await createRuntime(config, logger);
  } catch (error) {
    process.stderr.write(`bitburner-mcp cannot start: ${(error as Error).message}\n`);
    process.exitCode = 1;
    return;
  }
  logger.info({ version: VERSION, transport: mode, config: configSummary(config) }, "bitburner-mcp starting");
  process.stderr.write(
    `bitburner-mcp: waiting for the game on ${runtime.link.url}. In Bitburner: Options -> Remote API, ` +
      `hostname ${config.game.host}, port ${runtime.link.port}, press Connect. Ops: ${runtime.ops.url}/readyz\n`,
  );

  let stop: () => Promise<void> = async () => undefined;
  const shutdown = stopOnce(logger, async () => {
    await stop().catch(() => undefined);
    await runtime.close();
  });
  try {
    if (mode === "http") {
      const policy = runtime.policy!;
      const http = await startHttp(policy, config.http, (client) => createServer(runtime.deps, client));
      logger.info({ url: http.url }, "serving Streamable HTTP");
      process.stderr.write(`bitburner-mcp: MCP endpoint ${http.url}\n`);
      stop = http.close;
    } else {
      const client = runtime.deps.access.identity(config.clientId);
      const stdio = await serveStdio(createServer(runtime.deps, client));
      logger.info({ clientId: client.id }, "serving stdio");
      stop = stdio.close;
      process.stdin.once("end", () => void shutdown("stdin closed"));
    }
  } catch (error) {
    const e = BridgeError.from(error);
    logger.fatal({ code: e.code, err: e.message }, "cannot start");
    process.stderr.write(`bitburner-mcp cannot start: ${e.code}: ${e.message}\n`);
    await runtime.close();
    process.exitCode = 1;
    return;
  }
}

main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`bitburner-mcp failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
