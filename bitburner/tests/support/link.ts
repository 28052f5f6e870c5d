/** Test support: a GameLink on a free loopback port with a silent logger, and small helpers. */

import { GameLink, type GameLinkOptions } from "../../src/game/game-link.js";
import { quiet } from "../../testing/logger.js";

export function listen(overrides: Partial<GameLinkOptions> = {}): Promise<GameLink> {
  return GameLink.listen({
    host: "127.0.0.1",
    port: 0,
    allowedOrigins: ["https://bitburner-official.github.io"],
    timeoutMs: 2000,
    graceMs: 1000,
    maxPayloadBytes: 32 * 1024 * 1024,
    logger: quiet,
    ...overrides,
  });
}

/** Polls until `check` holds (no timed assertion: the test's own timeout bounds it). */
export async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
}
