// Policy roles, game version differences, a missing game, reconnects and the ops port, over
// Streamable HTTP with bearer tokens and the fake game on the real WebSocket port.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { describe, expect, it } from "vitest";
import { call, TOKENS } from "../../testing/harness.js";
import { errorOf } from "../support/errors.js";
import { httpHarnessPerTest } from "../support/http-games.js";
import { until } from "../support/link.js";

const { start, attach } = httpHarnessPerTest();

describe("policy", () => {
  it("a read-only role reads but may not write or delete", async () => {
    const h = await start();
    const game = await attach();
    game.putFile("a.js", "x");
    const reader: Client = await h.connect!(TOKENS.reader);
    expect((await call(reader, "read_file", { filename: "a.js" })).structuredContent).toMatchObject({
      content: "x",
    });
    const writes: [string, Record<string, unknown>][] = [
      ["write_file", { filename: "a.js", content: "y" }],
      ["delete_file", { filename: "a.js" }],
    ];
    for (const [tool, args] of writes) {
      const error = errorOf(await call(reader, tool, args));
      expect(error.code).toBe("PERMISSION_DENIED");
      expect(error.message).toContain(`Role 'reader' may not use tool '${tool}'`);
    }
    expect(game.file("a.js")).toBe("x");
  });

  it("a role's maxWriteBytes caps write_file below the server's limit", async () => {
    const h = await start();
    const game = await attach();
    const small = await h.connect!(TOKENS.small);
    expect(
      (await call(small, "write_file", { filename: "ok.txt", content: "é".repeat(50) })).isError,
    ).toBeFalsy();
    const error = errorOf(await call(small, "write_file", { filename: "big.txt", content: "é".repeat(51) }));
    expect(error.code).toBe("INVALID_ARGS");
    expect(error.message).toContain("102 bytes (UTF-8); the limit for role 'small' is 100 bytes");
    expect(game.file("big.txt")).toBeUndefined();
  });
});

describe("HTTP body limit", () => {
  it("answers a body over the limit with 413 and a JSON error, before any tool runs", async () => {
    const h = await start({}, 1000);
    const response = await fetch(h.mcpUrl, {
      method: "POST",
      headers: {
        authorization: `Bearer ${TOKENS.admin}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", pad: "x".repeat(100_000) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: -32000, data: { code: "INVALID_ARGS" } } });
  });
});

describe("game versions", () => {
  it("maps version 2.6's strings and answers UNSUPPORTED for metadata it lacks", async () => {
    const h = await start();
    await attach({ version: "2.6.0" });
    const missing = errorOf(await call(h.client, "read_file", { filename: "nope.js" }));
    expect(missing).toMatchObject({
      code: "INVALID_ARGS",
      reason: "FILE_NOT_FOUND",
      message: "Bitburner: File doesn't exist",
    });
    const ts = errorOf(await call(h.client, "write_file", { filename: "new.ts", content: "x" }));
    expect(ts).toMatchObject({ code: "INVALID_ARGS", reason: "INVALID_EXTENSION" });
    const host = errorOf(await call(h.client, "list_files", { server: "nowhere" }));
    expect(host).toMatchObject({ reason: "INVALID_HOSTNAME", message: "Bitburner: Server hostname invalid" });
    const metadataCalls: [string, Record<string, unknown>][] = [
      ["get_file_metadata", { filename: "a.js" }],
      ["get_all_file_metadata", {}],
    ];
    for (const [tool, args] of metadataCalls) {
      const error = errorOf(await call(h.client, tool, args));
      expect(error.code).toBe("UNSUPPORTED");
      expect(error.hint).toContain("update Bitburner");
    }
  });
});

describe("connection", () => {
  it("without a game, a call fails after the grace period with what to do in the game", async () => {
    const h = await start({ graceMs: 100 });
    const error = errorOf(await call(h.client, "list_files"));
    expect(error.code).toBe("CONNECTION_ERROR");
    expect(error.message).toContain("Bitburner disconnected");
    expect(error.hint).toContain("Options -> Remote API");
  });

  it("a call made before the game attaches completes once it does", async () => {
    const h = await start({ graceMs: 20_000 });
    const pending = call(h.client, "list_servers");
    await new Promise((r) => setTimeout(r, 100));
    await attach();
    expect((await pending).structuredContent).toMatchObject({ count: 3 });
  });

  it("a second game connection mid-call fails that call as replaced; the next call uses the new game", async () => {
    const h = await start();
    const first = await attach();
    first.hold();
    const pending = call(h.client, "list_files");
    await until(() => first.heldCount() === 1);
    const second = await attach();
    const error = errorOf(await pending);
    expect(error.code).toBe("CONNECTION_ERROR");
    expect(error.message).toContain("a new game connection replaced");
    second.putFile("new.js", "x");
    expect((await call(h.client, "list_files")).structuredContent).toMatchObject({ files: ["new.js"] });
  });

  it("fetches the definitions again after the game reconnects (another version may have connected)", async () => {
    const h = await start();
    const first = await attach();
    await call(h.client, "get_netscript_definitions");
    await call(h.client, "get_netscript_definitions", { section: "NS" });
    expect(first.received.filter((f) => f.includes("getDefinitionFile"))).toHaveLength(1);
    const second = await attach({ definitions: "/** New */\ninterface Fresh {\n  x: number;\n}\n" });
    const index = (await call(h.client, "get_netscript_definitions")).structuredContent;
    expect(index).toMatchObject({ sectionCount: 1, sections: [{ name: "Fresh" }] });
    expect(second.received.filter((f) => f.includes("getDefinitionFile"))).toHaveLength(1);
  });
});

describe("ops port", () => {
  it("answers /healthz, /readyz (503 until a game attaches) and Prometheus /metrics", async () => {
    const h = await start({ graceMs: 50 });
    expect((await fetch(`${h.opsUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${h.opsUrl}/readyz`)).status).toBe(503);
    await call(h.client, "list_files");
    const game = await attach();
    game.ignore("getFile");
    expect((await fetch(`${h.opsUrl}/readyz`)).status).toBe(200);
    await call(h.client, "list_files");
    const metrics = await (await fetch(`${h.opsUrl}/metrics`)).text();
    expect(metrics).toMatch(/^tool_calls_total\{tool="list_files"\} 2$/m);
    expect(metrics).toMatch(/^tool_errors_total\{tool="list_files",code="CONNECTION_ERROR"\} 1$/m);
    expect(metrics).toMatch(/^ws_reconnects_total 1$/m);
    expect(metrics).toMatch(/^game_connected 1$/m);
    expect(metrics).toContain("tool_call_duration_seconds_bucket");
    expect(metrics).toContain("rpc_timeouts_total");
    expect((await fetch(`${h.opsUrl}/nope`)).status).toBe(404);
  });
});
