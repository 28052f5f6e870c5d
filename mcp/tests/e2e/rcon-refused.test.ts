/**
 * A bridge whose MC_RCON_PASSWORD is not the server's rcon.password, seen by a real MCP client: the
 * bridge gives up on that server and says so (/readyz names AUTH_FAILED), and a tool call is answered
 * at once with AUTH_FAILED and what to fix, over HTTP and over stdio, instead of waiting out the job
 * timeout for a job that nobody will run until the bridge is restarted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Stack, startStack } from "../../../shared/testing/stack.js";
import { ERROR_META_KEY } from "../../src/tools/tool-kit.js";
import { until } from "./support/processes.js";

const JOB_TIMEOUT_MS = 30_000;
/** Far below the job timeout: the answer comes from the published server state, not from a wait. */
const AT_ONCE_MS = 10_000;

interface Readyz {
  ready: boolean;
  checks: Record<string, { ok: boolean; detail?: string; code?: string }>;
}

describe("a bridge with a wrong RCON password", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      bridgeEnv: { MC_RCON_PASSWORD: "not-the-devservers-password" },
      mcpEnv: { JOB_TIMEOUT_MS: String(JOB_TIMEOUT_MS) },
    });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it("is named by /readyz, and a tool call answers AUTH_FAILED with what to fix at once (HTTP and stdio)", async () => {
    let readyz = { status: 0, body: { ready: true, checks: {} } as Readyz };
    await until(async () => {
      const res = await fetch(`${stack.bridgeUrl}/readyz`);
      readyz = { status: res.status, body: (await res.json()) as Readyz };
      return readyz.body.checks[`rcon:${stack.serverId}`]?.code !== undefined;
    }, "/readyz to name the refused password");
    expect(readyz.status).toBe(503);
    expect(readyz.body.ready).toBe(false);
    expect(readyz.body.checks[`rcon:${stack.serverId}`]).toMatchObject({ ok: false, code: "AUTH_FAILED" });
    expect(readyz.body.checks[`rcon:${stack.serverId}`]!.detail).toMatch(
      /refused the password: set MC_RCON_PASSWORD to the server's rcon\.password/,
    );

    for (const client of [await stack.httpClient(), await stack.stdioClient()]) {
      for (const [name, args] of [
        ["get_online_players", {}],
        ["execute_command", { command: "time query daytime" }],
      ] as const) {
        const started = Date.now();
        const result = await client.callTool({ name, arguments: args });
        const took = Date.now() - started;
        expect(took, `${name} answered in ${took} ms`).toBeLessThan(AT_ONCE_MS);
        expect(result.isError, name).toBe(true);
        const text = (result.content as { type: string; text: string }[])[0]!.text;
        expect(text).toMatch(
          /^AUTH_FAILED: RCON 127\.0\.0\.1:\d+ refused the password: set MC_RCON_PASSWORD/,
        );
        expect(text).toContain(
          "Hint: The bridge's MC_RCON_PASSWORD differs from the Minecraft server's rcon.password (server.properties). Fix it and restart the bridge",
        );
        expect(result._meta?.[ERROR_META_KEY]).toMatchObject({
          code: "AUTH_FAILED",
          retryable: false,
          details: { credential: "rcon_password" },
        });
      }
    }
  }, 120_000);
});
