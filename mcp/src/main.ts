#!/usr/bin/env node
/**
 * Process entry of `minecraft-mcp`: stdio by default, Streamable HTTP with `--http` or `http`.
 * Loads the config (every problem listed, exit 2), logs version, config summary and Redis status
 * to stderr (docs/properties.md, #14), serves until SIGINT/SIGTERM or, for stdio, until stdin closes.
 */
import {
  answeredInfoFlag,
  BridgeError,
  createLogger,
  loadConfigOrExit,
  stopOnce,
  transportOf,
} from "@mcp-bridge/shared";
import { configSummary, loadConfig } from "./config.js";
import { createRuntime, type Runtime } from "./runtime.js";
import { startHttp } from "./transports/http.js";
import { startStdio } from "./transports/stdio.js";
import { VERSION } from "./version.js";

async function main(argv: string[]): Promise<void> {
  if (
    answeredInfoFlag(
      argv,
      "Usage: minecraft-mcp [--http | http]   (configuration from the environment, see README)",
      VERSION,
    )
  )
    return;
  const mode = transportOf(argv);
  const config = loadConfigOrExit(() => loadConfig(process.env));
  const logger = createLogger({ name: "minecraft-mcp", level: config.logLevel });
  let runtime: Runtime;
  try {
    runtime = createRuntime(config, logger);
  } catch (error) {
    process.stderr.write(`Cannot load POLICY_FILE ${config.policyFile}: ${(error as Error).message}\n`);
    process.exitCode = 2;
    return;
  }
  const redis = await runtime.redisStatus();
  logger.info(
    { version: VERSION, transport: mode, config: configSummary(config), redis },
    "minecraft-mcp starting",
  );

  let stop: () => Promise<void> = async () => undefined;
  const shutdown = stopOnce(logger, async () => {
    await stop().catch(() => undefined);
    await runtime.close();
  });
  try {
    if (mode === "http") {
      const http = await startHttp(runtime.deps, runtime.policy, config.http);
      logger.info({ url: http.url }, "serving Streamable HTTP");
      stop = http.close;
    } else {
      const stdio = await startStdio(runtime.deps, config.stdio);
      logger.info({ clientId: config.stdio.clientId }, "serving stdio");
      stop = stdio.close;
      process.stdin.once("end", () => void shutdown("stdin closed"));
    }
  } catch (error) {
    const e = BridgeError.from(error);
    logger.fatal({ code: e.code, err: e.message }, "cannot start");
    await runtime.close();
    process.exitCode = 1;
    return;
  }
}

main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`minecraft-mcp failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
