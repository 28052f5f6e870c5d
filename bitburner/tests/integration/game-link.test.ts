import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { bridgeErrorOf } from "../../../shared/testing/errors.js";
import type { GameLink } from "../../src/game/game-link.js";
import { RemoteApi } from "../../src/game/remote-api.js";
import { FakeGame } from "../../testing/fake-game.js";
import { listen, until } from "../support/link.js";

let link: GameLink | undefined;
const games: FakeGame[] = [];
async function game(options: Parameters<typeof FakeGame.connect>[1] = {}) {
  const g = await FakeGame.connect(link!.url, options);
  games.push(g);
  await until(() => link!.status().connected && link!.generation === link!.status().connections);
  return g;
}

afterEach(async () => {
  await Promise.all(games.splice(0).map((g) => g.close()));
  await link?.close();
  link = undefined;
});

describe("GameLink", () => {
  it("sends JSON-RPC frames and matches replies by id", async () => {
    link = await listen();
    const g = await game();
    const api = new RemoteApi(link);
    expect(await api.pushFile("home", "a.js", "x")).toBe("OK");
    expect(await api.getFile("home", "a.js")).toBe("x");
    expect(JSON.parse(g.received[0]!)).toEqual({
      jsonrpc: "2.0",
      id: 1,
      method: "pushFile",
      params: { filename: "a.js", content: "x", server: "home" },
    });
  });

  it("waits the grace period for a game that attaches after the call started", async () => {
    link = await listen({ graceMs: 10_000 });
    const api = new RemoteApi(link);
    const call = api.getFileNames("home");
    await new Promise((r) => setTimeout(r, 50));
    await game();
    expect(await call).toEqual([]);
  });

  it("fails with 'Bitburner disconnected' when no game attaches within the grace period", async () => {
    link = await listen({ graceMs: 50 });
    const error = await bridgeErrorOf(new RemoteApi(link).getFileNames("home"));
    expect(error.code).toBe("CONNECTION_ERROR");
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/^Bitburner disconnected: no game connected within \d+ ms/);
    expect(error.message).toContain(`port ${link.port}`);
  });

  it("a second connection replaces the first and fails the first one's pending calls", async () => {
    link = await listen();
    const first = await game();
    first.hold();
    const pending = bridgeErrorOf(new RemoteApi(link).getFileNames("home"));
    await until(() => first.heldCount() === 1);
    const firstClosed = first.closed();
    const second = await game();
    const error = await pending;
    expect(error.code).toBe("CONNECTION_ERROR");
    expect(error.message).toContain("replaced");
    expect(await firstClosed).toBe(4000);
    second.putFile("b.txt", "hi");
    expect(await new RemoteApi(link).getFileNames("home")).toEqual(["b.txt"]);
    expect(link.status().connections).toBe(2);
  });

  it("times out a request the game never answers and says how long it waited", async () => {
    link = await listen({ timeoutMs: 100 });
    const g = await game();
    g.ignore("getFileNames");
    const error = await bridgeErrorOf(new RemoteApi(link).getFileNames("home"));
    expect(error.code).toBe("TIMEOUT");
    expect(error.message).toMatch(/within 100 ms \(elapsed \d+ ms\)/);
    expect(error.details).toMatchObject({ method: "getFileNames", timeoutMs: 100 });
  });

  it("matches replies that arrive out of order", async () => {
    link = await listen();
    const g = await game();
    g.putFile("1.txt", "one");
    g.putFile("2.txt", "two");
    g.putFile("3.txt", "three");
    g.hold();
    const api = new RemoteApi(link);
    const calls = ["1.txt", "2.txt", "3.txt"].map((f) => api.getFile("home", f));
    await until(() => g.heldCount() === 3);
    g.release("reverse");
    expect(await Promise.all(calls)).toEqual(["one", "two", "three"]);
  });

  it("fails pending calls when the game disconnects", async () => {
    link = await listen();
    const g = await game();
    g.hold();
    const call = bridgeErrorOf(new RemoteApi(link).getAllServers());
    await until(() => g.heldCount() === 1);
    await g.close();
    const error = await call;
    expect(error.code).toBe("CONNECTION_ERROR");
    expect(error.message).toMatch(/^Bitburner disconnected: the game closed the connection/);
    expect(link.status().connected).toBe(false);
  });

  it("a call made while the game is away completes when it reconnects within the grace period", async () => {
    link = await listen({ graceMs: 20_000 });
    const first = await game();
    await first.close();
    await until(() => !link!.status().connected);
    const call = new RemoteApi(link).getAllServers();
    await new Promise((r) => setTimeout(r, 50));
    await game({ version: "2.6.0" });
    expect((await call).map((s) => s.hostname)).toContain("home");
    expect(link.status()).toMatchObject({ connected: true, connections: 2 });
  });

  it("ignores hostile frames: invalid JSON, ids never sent, binary, non-objects; survives non-string errors", async () => {
    link = await listen();
    const g = await game();
    g.hold();
    const api = new RemoteApi(link);
    const call = api.getFileNames("home");
    await until(() => g.heldCount() === 1);
    g.sendRaw("{not json");
    g.sendRaw(JSON.stringify({ jsonrpc: "2.0", id: 999, result: "spoofed" }));
    g.sendRaw(JSON.stringify([1, 2, 3]));
    g.sendRaw("null");
    g.sendRaw(Buffer.from([0, 1, 2, 255]));
    const { id } = JSON.parse(g.received[0]!) as { id: number };
    g.sendRaw(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -1, message: "object" } }));
    const error = await bridgeErrorOf(call);
    expect(error.code).toBe("SERVER_ERROR");
    expect(error.message).toContain("non-string error");
    g.release();
    g.putFile("still.js", "alive");
    expect(await api.getFileNames("home")).toEqual(["still.js"]);
  });

  it("refuses a result of the wrong shape", async () => {
    link = await listen();
    const g = await game();
    g.hold();
    const call = new RemoteApi(link).calculateRam("home", "x.js");
    await until(() => g.heldCount() === 1);
    const { id } = JSON.parse(g.received[0]!) as { id: number };
    g.sendRaw(JSON.stringify({ jsonrpc: "2.0", id, result: "lots" }));
    const error = await bridgeErrorOf(call);
    expect(error.code).toBe("SERVER_ERROR");
    expect(error.message).toContain("unexpected result");
  });

  it("closes a connection that sends a frame over maxPayload, failing its calls, and keeps listening", async () => {
    link = await listen({ maxPayloadBytes: 1024 });
    const g = await game();
    g.hold();
    const call = bridgeErrorOf(new RemoteApi(link).getFileNames("home"));
    await until(() => g.heldCount() === 1);
    g.sendRaw("x".repeat(4096));
    expect((await call).code).toBe("CONNECTION_ERROR");
    await game();
    expect(await new RemoteApi(link).getFileNames("home")).toEqual([]);
  });

  it("requires the path secret when one is set, and refuses foreign browser origins", async () => {
    link = await listen({ pathSecret: "s3cret" });
    const refused = (url: string, origin?: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(url, origin ? { origin } : {});
        ws.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
        ws.once("open", () => resolve(101));
      });
    expect(await refused(link.url)).toBe(404);
    expect(await refused(`${link.url}/wrong`)).toBe(404);
    expect(await refused(`${link.url}/s3cret`, "https://evil.example")).toBe(403);
    expect(await refused(`${link.url}/s3cret`, "https://bitburner-official.github.io")).toBe(101);
  });
});
