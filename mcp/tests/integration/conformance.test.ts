// Runs the official MCP conformance suite (server side, active scenarios) against this server over
// Streamable HTTP and fails on any failure that mcp/conformance-baseline.yml does not list with a
// reason, or on a listed failure that now passes. The suite cannot send bearer tokens, so a loopback
// proxy adds one (see support/auth-proxy.ts).
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningHttp } from "../../src/transports/http.js";
import { type AuthProxy, startAuthProxy } from "../support/auth-proxy.js";
import { type Harness, startHarness, TOKENS } from "../support/harness.js";
import { startLoopbackHttp } from "../support/servers.js";

const mcpDir = fileURLToPath(new URL("../..", import.meta.url));
const rootDir = fileURLToPath(new URL("../../..", import.meta.url));
const cli = [
  `${mcpDir}node_modules/@modelcontextprotocol/conformance/dist/index.js`,
  `${rootDir}node_modules/@modelcontextprotocol/conformance/dist/index.js`,
].find((p) => existsSync(p));

let h: Harness;
let http: RunningHttp;
let proxy: AuthProxy;

describe.skipIf(!cli)("MCP conformance (server, active suite)", () => {
  beforeAll(async () => {
    h = await startHarness({ servers: ["alpha"] });
    http = await startLoopbackHttp(h.runtime.deps, () => h.policy.current);
    proxy = await startAuthProxy(http.url, TOKENS.admin);
  });
  afterAll(async () => {
    await proxy?.close();
    await http?.close();
    await h?.close();
  });

  it("has no failures beyond the baseline", async () => {
    const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        process.execPath,
        [cli!, "server", "--url", proxy.url, "--expected-failures", `${mcpDir}conformance-baseline.yml`],
        { timeout: 170_000, maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) => {
          const exit = error ? (typeof error.code === "number" ? error.code : 1) : 0;
          resolve({ code: exit, output: `${stdout}\n${stderr}` });
        },
      );
    });
    const summary = output.slice(
      output.lastIndexOf("Expected failures") >= 0 ? output.lastIndexOf("Expected failures") - 200 : -3000,
    );
    expect(code, summary).toBe(0);
    expect(output).toContain("Baseline check passed");
    if (process.env.CONFORMANCE_VERBOSE) process.stderr.write(output);
  }, 180_000);
});
