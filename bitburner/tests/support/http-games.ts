/**
 * Test support: an HTTP harness per test and the fake games attached to it. start() opens the
 * harness, attach() connects a fake game and waits until the server has taken it; after each test
 * the games and the harness are closed.
 */
import { afterEach } from "vitest";
import { FakeGame } from "../../testing/fake-game.js";
import { httpHarness } from "../../testing/harness.js";
import { until } from "./link.js";

type HttpHarness = Awaited<ReturnType<typeof httpHarness>>;

export function httpHarnessPerTest() {
  let h: HttpHarness | undefined;
  const games: FakeGame[] = [];
  afterEach(async () => {
    await Promise.all(games.splice(0).map((g) => g.close()));
    await h?.close();
    h = undefined;
  });
  return {
    async start(...args: Parameters<typeof httpHarness>): Promise<HttpHarness> {
      h = await httpHarness(...args);
      return h;
    },
    async attach(options: Parameters<typeof FakeGame.connect>[1] = {}): Promise<FakeGame> {
      const game = await FakeGame.connect(h!.gameUrl, options);
      games.push(game);
      await until(() => h!.runtime.link.generation === h!.runtime.link.status().connections);
      return game;
    },
  };
}
