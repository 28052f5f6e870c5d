/**
 * Browser test: Debian's Chromium (playwright-core) opens Bull Board on the bridge, is refused
 * without credentials, logs in, and sees a failed job with its error and a completed job with its
 * result. A screenshot is saved to .run/artifacts/ (a test artifact, not committed).
 */
import { mkdirSync } from "node:fs";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, ok } from "../../../shared/testing/game.js";
import { type Stack, startStack } from "../../../shared/testing/stack.js";
import { REPO } from "./support/processes.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ARTIFACTS = `${REPO}.run/artifacts`;

describe("Bull Board in a browser", () => {
  let stack: Stack;
  let http: Client;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStack();
    http = await stack.httpClient();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it("refuses the board without credentials", async () => {
    const page = await browser.newPage();
    const statuses: number[] = [];
    page.on("response", (r) => statuses.push(r.status()));
    // Headless Chromium cannot show the login prompt, so it stops with an auth error after the 401.
    const error = await page.goto(`${stack.bridgeUrl}/board/`).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message ?? "").toMatch(/ERR_INVALID_AUTH_CREDENTIALS/);
    expect(statuses).toContain(401);
    await page.close();
  });

  it("shows a failed job with its error and a completed job with its result after login", async () => {
    await ok(http, "get_online_players");
    const failed = await call(http, "give_item", {
      player: "Steve",
      item: "minecraft:no_such_item",
      quantity: 1,
    });
    expect(failed.isError).toBe(true);

    const context = await browser.newContext({
      httpCredentials: { username: stack.board.user, password: stack.board.password },
      viewport: { width: 1400, height: 1000 },
    });
    const page = await context.newPage();
    const queue = `commands-${stack.serverId}`;
    await page.goto(`${stack.bridgeUrl}/board/queue/${queue}?status=failed`);
    await expect.poll(() => page.textContent("body"), { timeout: 15_000 }).toMatch(/INVALID_ARGS/);
    expect(await page.textContent("body")).toMatch(/no_such_item/);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: `${ARTIFACTS}/bull-board-failed.png`, fullPage: true });

    await page.goto(`${stack.bridgeUrl}/board/queue/${queue}?status=completed`);
    await expect.poll(() => page.textContent("body"), { timeout: 15_000 }).toMatch(/get_online_players/);
    // The completed job's card shows its return value (the result payload).
    await expect
      .poll(() => page.textContent("body"), { timeout: 15_000 })
      .toMatch(/returnValue:\{success:true,data:\{players:.*online:2/);
    await page.screenshot({ path: `${ARTIFACTS}/bull-board-completed.png`, fullPage: true });
    await context.close();
  });
});
