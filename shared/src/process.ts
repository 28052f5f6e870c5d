/**
 * The process entry every MCP server shares (`runMcpProcess`): answer --help/--version, pick the
 * transport from argv, load the config (every problem listed, exit 2), build the runtime, log
 * "<name> starting", serve over stdio or Streamable HTTP, and stop exactly once (SIGINT, SIGTERM,
 * or stdin closing for stdio) by closing the transport and the runtime, flushing the log and
 * exiting 0. A server's main.ts states only what differs: its config, runtime and transports.
 */
import { loadConfigOrExit } from "./config.js";
import { BridgeError } from "./errors.js";
import { createLogger, type Logger } from "./logger.js";

export type Transport = "http" | "stdio";

/** Prints usage or version to stderr and returns true when argv asked for one of them. */
export function answeredInfoFlag(argv: string[], usage: string, version: string): boolean {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stderr.write(`${usage}\n`);
    return true;
  }
  if (argv.includes("--version")) {
    process.stderr.write(`${version}\n`);
    return true;
  }
  return false;
}

export function transportOf(argv: string[]): Transport {
  return argv.includes("--http") || argv.includes("http") ? "http" : "stdio";
}

/** Registers SIGINT/SIGTERM; returns `shutdown(reason)` for other reasons. Runs `stop` once. */
export function stopOnce(logger: Logger, stop: () => Promise<void>): (reason: string) => Promise<void> {
  let stopping = false;
  const shutdown = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, "shutting down");
    await stop().catch(() => undefined);
    logger.flush();
    setTimeout(() => process.exit(0), 100).unref();
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  return shutdown;
}

/** Thrown by `createRuntime` to refuse to start: `message` goes to stderr as is, then exit `exitCode`. */
export class StartRefused extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = "StartRefused";
  }
}

export interface McpProcess<C extends { logLevel: string }, R extends { close(): Promise<void> }> {
  /** The command's name: the logger's name and the prefix of its stderr lines. */
  name: string;
  usage: string;
  version: string;
  loadConfig(env: NodeJS.ProcessEnv): C;
  /** The config as logged at start (no secrets). */
  configSummary(config: C): unknown;
  /** Builds what the transports serve; any error but StartRefused is "<name> cannot start", exit 1. */
  createRuntime(config: C, transport: Transport, logger: Logger): R | Promise<R>;
  /** More fields of the "<name> starting" log line. */
  startFields?(runtime: R): Promise<Record<string, unknown>>;
  /** What the user should know next, written to stderr after the "starting" line (stdout is MCP's). */
  greeting?(runtime: R, config: C): string;
  http(runtime: R, config: C): Promise<{ url: string; close(): Promise<void> }>;
  stdio(runtime: R, config: C): Promise<{ clientId: string | undefined; close(): Promise<void> }>;
}

/** Runs an MCP server's process to the end; an unexpected error prints its stack and exits 1. */
export function runMcpProcess<C extends { logLevel: string }, R extends { close(): Promise<void> }>(
  spec: McpProcess<C, R>,
  argv: string[] = process.argv.slice(2),
): void {
  main(spec, argv).catch((error) => {
    process.stderr.write(`${spec.name} failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  });
}

async function main<C extends { logLevel: string }, R extends { close(): Promise<void> }>(
  spec: McpProcess<C, R>,
  argv: string[],
): Promise<void> {
  if (answeredInfoFlag(argv, spec.usage, spec.version)) return;
  const transport = transportOf(argv);
  const config = loadConfigOrExit(() => spec.loadConfig(process.env));
  const logger = createLogger({ name: spec.name, level: config.logLevel });
  let runtime: R;
  try {
    runtime = await spec.createRuntime(config, transport, logger);
  } catch (error) {
    const refused = error instanceof StartRefused;
    const message = (error as Error).message;
    process.stderr.write(refused ? `${message}\n` : `${spec.name} cannot start: ${message}\n`);
    process.exitCode = refused ? error.exitCode : 1;
    return;
  }
  const fields = (await spec.startFields?.(runtime)) ?? {};
  logger.info(
    { version: spec.version, transport, config: spec.configSummary(config), ...fields },
    `${spec.name} starting`,
  );
  const greeting = spec.greeting?.(runtime, config);
  if (greeting) process.stderr.write(`${spec.name}: ${greeting}\n`);

  let stop: () => Promise<void> = async () => undefined;
  const shutdown = stopOnce(logger, async () => {
    await stop().catch(() => undefined);
    await runtime.close();
  });
  try {
    if (transport === "http") {
      const http = await spec.http(runtime, config);
      logger.info({ url: http.url }, "serving Streamable HTTP");
      stop = http.close;
    } else {
      const stdio = await spec.stdio(runtime, config);
      logger.info({ clientId: stdio.clientId }, "serving stdio");
      stop = stdio.close;
      process.stdin.once("end", () => void shutdown("stdin closed"));
    }
  } catch (error) {
    const e = BridgeError.from(error);
    logger.fatal({ code: e.code, err: e.message }, "cannot start");
    process.stderr.write(`${spec.name} cannot start: ${e.code}: ${e.message}\n`);
    await runtime.close();
    process.exitCode = 1;
  }
}
