/** Test support: a GameLink on a free loopback port with a silent logger, and small helpers. */
import { createLogger } from "@mcp-bridge/shared";
import { GameLink, type GameLinkOptions } from "../../src/game/game-link.js";

export const quiet = createLogger({ name: "bitburner-test", level: process.env.TEST_LOG_LEVEL ?? "silent" });

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
