#!/usr/bin/env node
/**
 * Process entry of the bridge: config from the environment (every problem listed, exit 2),
 * startup log with version, config summary without secrets and connection status (docs/properties.md, #14),
 * SIGINT/SIGTERM -> graceful stop (finish active jobs, release leases), exit 0.
 */
import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import { createLogger, loadConfigOrExit } from "@mcp-bridge/shared";
import { createBridge } from "./bridge.js";
import { configSummary, loadConfig } from "./config.js";

const config = loadConfigOrExit(() => loadConfig(process.env));
const logger = createLogger({ name: "bridge", level: config.logLevel });
const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  version: string;
};

logger.info({ version, config: configSummary(config) }, "bridge starting");
const bridge = createBridge(config, { logger, ownerName: config.name ?? hostname() });
await bridge.start();

// Connection status once the first lease/RCON round had a chance to settle.
setTimeout(
  () => {
    void bridge
      .status()
      .then((status) => logger.info({ version, url: bridge.url, ...status }, "bridge started"));
  },
  Math.min(2_000, config.leaseTtlMs),
).unref();

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping: finishing active jobs, releasing leases");
    bridge.stop().then(
      () => {
        logger.info("bridge stopped");
        logger.flush();
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, "graceful stop failed");
        logger.flush();
        process.exit(1);
      },
    );
  });
}
