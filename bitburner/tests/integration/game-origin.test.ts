// Who may be the game: the default origins refuse "null" (any site's sandboxed iframe), and a live
// game is replaced only by a connection from its own origin (a reload), never by another one.
// Real WebSocket connections from the fake game, with the Origin header a browser would send.
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { CLOSE_OTHER_ORIGIN_LIVE, CLOSE_REPLACED, type GameLink } from "../../src/game/game-link.js";
import { RemoteApi } from "../../src/game/remote-api.js";
import { FakeGame } from "../../testing/fake-game.js";
import { call, httpHarness } from "../../testing/harness.js";
import { errorOf } from "../support/errors.js";
import { listen, until } from "../support/link.js";

const OFFICIAL = "https://bitburner-official.github.io";
const defaults = () => loadConfig({}).game.allowedOrigins;

let link: GameLink | undefined;
const games: FakeGame[] = [];
async function connect(origin: string | undefined, url = link!.url) {
  const g = await FakeGame.connect(url, origin === undefined ? {} : { origin });
  games.push(g);
  return g;
}

afterEach(async () => {
  await Promise.all(games.splice(0).map((g) => g.close()));
  await link?.close();
  link = undefined;
});

describe("allowed origins", () => {
  it("by default refuse Origin null (sandboxed iframes, data: URLs) and accept the web and Steam builds", async () => {
    link = await listen({ allowedOrigins: defaults() });
    await expect(connect("null")).rejects.toThrow(/403/);
    await expect(connect("https://evil.example")).rejects.toThrow(/403/);
    expect(link.status().connections).toBe(0);
    const web = await connect(OFFICIAL);
    await until(() => link!.status().connected);
    await web.close();
    await until(() => !link!.status().connected);
    await connect("file://");
    await until(() => link!.status().connected);
    expect(link.status().origin).toBe("file://");
  });

  it("accept null only when BITBURNER_ALLOWED_ORIGINS names it", async () => {
    const optedIn = loadConfig({ BITBURNER_ALLOWED_ORIGINS: "null" }).game.allowedOrigins;
    expect(optedIn).toEqual(["null"]);
    link = await listen({ allowedOrigins: optedIn });
    await connect("null");
    await until(() => link!.status().connected);
    expect(link.status().origin).toBe("null");
  });

  it("are checked at start-up: a value with a path or trailing '/' never matches and is refused", () => {
    expect(() => loadConfig({ BITBURNER_ALLOWED_ORIGINS: "https://my.host/" })).toThrowError(
      /'https:\/\/my\.host\/' is not an origin/,
    );
    expect(
      loadConfig({ BITBURNER_ALLOWED_ORIGINS: "http://localhost:8000,null" }).game.allowedOrigins,
    ).toEqual(["http://localhost:8000", "null"]);
  });
});

describe("one live game", () => {
  it("a connection from another origin is closed with 4001 and never replaces the live game", async () => {
    link = await listen({ allowedOrigins: defaults() });
    const real = await connect(OFFICIAL);
    real.putFile("real.js", "ns.hack()");
    await until(() => link!.status().connected);
    for (const origin of ["file://", undefined]) {
      const intruder = await connect(origin);
      intruder.putFile("planted.js", "forged");
      expect(await intruder.closed()).toBe(CLOSE_OTHER_ORIGIN_LIVE);
      expect(intruder.received).toEqual([]);
    }
    expect(await new RemoteApi(link).getFileNames("home")).toEqual(["real.js"]);
    expect(link.status()).toMatchObject({ connected: true, origin: OFFICIAL, connections: 1 });
  });

  it("a connection from the live game's own origin (a reload) replaces it", async () => {
    link = await listen({ allowedOrigins: defaults() });
    const before = await connect(OFFICIAL);
    await until(() => link!.status().connected);
    const beforeClosed = before.closed();
    const after = await connect(OFFICIAL);
    after.putFile("after.js", "x");
    expect(await beforeClosed).toBe(CLOSE_REPLACED);
    expect(await new RemoteApi(link).getFileNames("home")).toEqual(["after.js"]);
    expect(link.status().connections).toBe(2);
  });

  it("through MCP: a page on another site cannot serve list_files in place of the real game", async () => {
    const h = await httpHarness({ allowedOrigins: defaults(), graceMs: 200 });
    try {
      const real = await connect(OFFICIAL, h.gameUrl);
      real.putFile("real.js", "ns.hack()");
      await until(() => h.runtime.link.status().connected);
      await expect(connect("null", h.gameUrl)).rejects.toThrow(/403/);
      const local = await connect("file://", h.gameUrl);
      local.putFile("planted-by-another-site.js", "forged");
      expect(await local.closed()).toBe(CLOSE_OTHER_ORIGIN_LIVE);
      expect((await call(h.client, "list_files")).structuredContent).toMatchObject({ files: ["real.js"] });
      await real.close();
      await until(() => !h.runtime.link.status().connected);
      const error = errorOf(await call(h.client, "list_files"));
      expect(error.code).toBe("CONNECTION_ERROR");
    } finally {
      await h.close();
    }
  });
});
