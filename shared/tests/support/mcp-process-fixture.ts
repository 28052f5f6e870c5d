/**
 * A minimal MCP server process on the shared skeleton (runMcpProcess), for
 * shared/tests/integration/process.test.ts. It serves nothing; each hook says on stderr that it ran.
 * FIXTURE_START: ok | refuse | crash (what createRuntime does); FIXTURE_SERVE: ok | fail (the transport);
 * FIXTURE_BAD_CONFIG: set for an invalid configuration.
 */
import { BridgeError, ConfigError, runMcpProcess, StartRefused } from "../../src/index.js";

const note = (text: string): void => {
  process.stderr.write(`${text}\n`);
};

/** A transport that holds the process open as a real one does (stdio reads stdin, HTTP listens). */
function served(what: "http" | "stdio") {
  if (process.env.FIXTURE_SERVE === "fail") throw new BridgeError("CONNECTION_ERROR", `${what} port taken`);
  const listening = what === "http" ? setInterval(() => undefined, 60_000) : undefined;
  if (what === "stdio") process.stdin.resume();
  return {
    close: async () => {
      clearInterval(listening);
      process.stdin.pause();
      note(`${what} closed`);
    },
  };
}

runMcpProcess({
  name: "fixture-mcp",
  usage: "Usage: fixture-mcp [--http]",
  version: "9.9.9",
  loadConfig(env) {
    if (env.FIXTURE_BAD_CONFIG) throw new ConfigError(["FIXTURE_BAD_CONFIG: remove it"]);
    return { logLevel: "info", start: env.FIXTURE_START ?? "ok", secret: "s3cret" };
  },
  configSummary: (config) => ({ start: config.start }),
  createRuntime(config, transport) {
    if (config.start === "refuse") throw new StartRefused(`refused over ${transport}`, 3);
    if (config.start === "crash") throw new Error("no game here");
    return { close: async () => note("runtime closed") };
  },
  startFields: async () => ({ extra: "field" }),
  greeting: () => "hello",
  http: async () => ({ url: "http://127.0.0.1:1/mcp", ...served("http") }),
  stdio: async () => ({ clientId: "tester", ...served("stdio") }),
});
