import { BridgeError } from "@mcp-bridge/shared";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RconClient } from "../../../src/rcon/client.js";
import { type RunningDevserver, startDevserver } from "../../../testing/devserver.js";

const silent = pino({ level: "silent" });
const PLAYERS = Array.from({ length: 300 }, (_, i) => `Player_${String(i).padStart(4, "0")}`);

describe("RconClient against the devserver", () => {
  let server: RunningDevserver;
  const client = (password = server.password) =>
    new RconClient({
      host: "127.0.0.1",
      port: server.rconPort,
      password,
      logger: silent,
      timeoutMs: 5_000,
      reconnect: { baseMs: 50, maxMs: 500 },
    });

  beforeAll(async () => {
    server = await startDevserver({ noMod: true, players: PLAYERS, extraArgs: ["--max-players", "500"] });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("an answer over 10 KB (several pieces) arrives whole", async () => {
    const rcon = client();
    try {
      await rcon.start();
      const answer = await rcon.command("list uuids");
      expect(answer.length).toBeGreaterThan(10_000);
      expect(answer).toMatch(/^There are 300 of a max of 500 players online: /);
      for (const name of PLAYERS) expect(answer).toContain(`${name} (`);
      expect(answer.trimEnd()).toMatch(/Player_0299 \([0-9a-f-]{36}\)$/);
      // the stream is in step afterwards
      expect(await rcon.command("time query daytime")).toMatch(/^The time is \d+$/);
    } finally {
      await rcon.close();
    }
  });

  it("non-ASCII text survives the round trip", async () => {
    const rcon = client();
    try {
      await rcon.start();
      const text = "héllo wörld ß € 漢字 😀 ".repeat(20).trim();
      expect(await rcon.command(`sim chat Player_0001 ${text}`)).toContain(`<Player_0001> ${text}`);
    } finally {
      await rcon.close();
    }
  });

  it("a wrong password fails with AUTH_FAILED", async () => {
    const rcon = client("not-the-password");
    try {
      const error = await rcon.start().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BridgeError);
      expect((error as BridgeError).code).toBe("AUTH_FAILED");
    } finally {
      await rcon.close();
    }
  });

  it("after the server is killed and restarted: in-flight fails with CONNECTION_ERROR, then it reconnects", async () => {
    const rcon = client();
    const attempts: unknown[] = [];
    rcon.on("reconnecting", (info) => attempts.push(info));
    try {
      await rcon.start();
      expect(await rcon.command("list")).toContain("There are 300");
      // many requests queued; the kill lands while one is in flight
      const requests = Array.from({ length: 200 }, () =>
        rcon.command("list uuids").then(
          () => "ok",
          (e: unknown) => e,
        ),
      );
      await new Promise((r) => setTimeout(r, 30));
      await server.kill();
      const outcomes = await Promise.all(requests);
      const failures = outcomes.filter((o): o is BridgeError => o instanceof BridgeError);
      expect(failures.length).toBeGreaterThan(0);
      for (const failure of failures) expect(failure.code).toBe("CONNECTION_ERROR");
      expect(failures.filter((f) => f.details?.sent === true).length).toBeLessThanOrEqual(1);
      expect(rcon.connected).toBe(false);
      const reconnected = new Promise<void>((resolve) => rcon.once("connected", resolve));
      await server.restart();
      await reconnected;
      expect(attempts.length).toBeGreaterThan(0);
      expect(await rcon.command("list")).toContain("There are 300");
    } finally {
      await rcon.close();
    }
  });
});
