import fc from "fast-check";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { RconClient, type RconClientOptions } from "../../../src/rcon/client.js";
import { bridgeErrorOf } from "../../../testing/errors.js";
import {
  FakeRconServer,
  type FakeServerOptions,
  type SplitStyle,
  splitAnswer,
} from "../../../testing/fake-rcon-server.js";

const silent = pino({ level: "silent" });
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(server: FakeServerOptions, client: Partial<RconClientOptions> = {}) {
  const fake = new FakeRconServer(server);
  const port = await fake.listen();
  const rcon = new RconClient({
    host: "127.0.0.1",
    port,
    password: server.password,
    logger: silent,
    ...client,
  });
  cleanups.push(
    () => fake.close(),
    () => rcon.close(),
  );
  return { fake, rcon, port };
}

/** A client (password "pw") for a free port that nobody listens on, closed after the test. */
async function clientOfClosedPort(reconnect: RconClientOptions["reconnect"]) {
  const probe = new FakeRconServer({ password: "pw" });
  const port = await probe.listen();
  await probe.close();
  const rcon = new RconClient({ host: "127.0.0.1", port, password: "pw", logger: silent, reconnect });
  cleanups.push(() => rcon.close());
  return { rcon, port };
}

describe("RconClient", () => {
  it("logs in and returns a command's answer", async () => {
    const { rcon, fake } = await setup({ password: "pw" });
    await rcon.start();
    expect(rcon.connected).toBe(true);
    expect(await rcon.command("list")).toBe("ran list");
    expect(fake.commands).toEqual(["list"]);
  });

  it("fails a wrong password with AUTH_FAILED and does not retry", async () => {
    const { rcon, fake } = await setup({ password: "right" }, { password: "wrong" });
    const error = await bridgeErrorOf(rcon.start());
    expect(error.code).toBe("AUTH_FAILED");
    expect(fake.connections).toBe(1);
    expect(rcon.connected).toBe(false);
  });

  it("refuses a command over 1446 UTF-8 bytes before sending, and sends one of exactly 1446", async () => {
    const { rcon, fake } = await setup({ password: "pw" });
    await rcon.start();
    const error = await bridgeErrorOf(rcon.command(`say ${"é".repeat(722)}`)); // 4 + 1444 bytes
    expect(error.code).toBe("INVALID_ARGS");
    expect(error.details).toMatchObject({ bytes: 1448, sent: false });
    expect(fake.commands).toEqual([]);
    const exact = `say ${"x".repeat(1442)}`;
    expect(await rcon.command(exact)).toBe(`ran ${exact}`);
  });

  it("keeps one request in flight and answers many concurrent ones in FIFO order", async () => {
    const { rcon, fake } = await setup({
      password: "pw",
      answer: async (c) => {
        await new Promise((r) => setTimeout(r, Math.random() * 3));
        return `answer to ${c}`;
      },
    });
    await rcon.start();
    const texts = Array.from({ length: 50 }, (_, i) => `cmd ${i}`);
    const answers = await Promise.all(texts.map((t) => rcon.command(t)));
    expect(answers).toEqual(texts.map((t) => `answer to ${t}`));
    expect(fake.commands).toEqual(texts);
    expect(fake.violations).toEqual([]);
  });

  for (const style of ["vanilla", "neoforge"] as SplitStyle[]) {
    it(`reassembles answers of any length split as ${style} splits them`, async () => {
      let next = "";
      let multiPiece = 0;
      const { rcon, fake } = await setup({ password: "pw", split: style, answer: () => next });
      await rcon.start();
      const char = fc.constantFrom("a", "Z", " ", "\n", "é", "ß", "€", "漢", "😀", "\u00a7");
      await fc.assert(
        // A random pattern repeated to a random length: 0..12,000 characters, up to ~20 KB as UTF-8.
        fc.asyncProperty(
          fc.array(char, { minLength: 1, maxLength: 64 }),
          fc.nat(12_000),
          async (pattern, length) => {
            next = Array.from({ length }, (_, i) => pattern[i % pattern.length]).join("");
            const pieces = splitAnswer(next, style);
            if (pieces.length > 1) multiPiece++;
            const expected = Buffer.concat(pieces).toString("utf8");
            expect(await rcon.command("big")).toBe(expected);
          },
        ),
        { numRuns: 100 },
      );
      expect(fake.violations).toEqual([]);
      expect(multiPiece).toBeGreaterThan(20); // the runs did cover multi-piece answers
    });
  }

  it("takes a short first piece as the whole answer and probes after a possibly full one", async () => {
    let next = "";
    const { rcon, fake } = await setup({ password: "pw", split: "neoforge", answer: () => next });
    await rcon.start();
    for (const length of [0, 1, 4091, 4092, 4093, 4095, 4096, 4097, 8192, 8193]) {
      next = "x".repeat(length);
      expect(await rcon.command("sized"), `length ${length}`).toBe(next);
    }
    // Non-ASCII: a 4096-char vanilla piece is more than 4096 bytes, so it is probed too.
    next = "é".repeat(5000);
    expect(await rcon.command("sized")).toBe(next);
    expect(fake.violations).toEqual([]);
  });

  it("times out with TIMEOUT sent=true, resets the connection and works again after reconnecting", async () => {
    let hold = true;
    const { rcon, fake } = await setup(
      {
        password: "pw",
        answer: (c) => (hold && c === "slow" ? new Promise<string>(() => undefined) : `ok ${c}`),
      },
      { timeoutMs: 200, reconnect: { baseMs: 10, maxMs: 20 } },
    );
    await rcon.start();
    const error = await bridgeErrorOf(rcon.command("slow", { timeoutMs: 50 }));
    expect(error.code).toBe("TIMEOUT");
    expect(error.details).toMatchObject({ sent: true });
    hold = false;
    await new Promise<void>((resolve) => rcon.once("connected", resolve));
    expect(await rcon.command("again")).toBe("ok again");
    expect(fake.connections).toBe(2);
  });

  it("fails the in-flight request (sent=true) and the queued ones (sent=false) when the connection drops, then reconnects", async () => {
    const { rcon, fake } = await setup(
      {
        password: "pw",
        answer: (c) => {
          if (c === "crash") throw new Error("drop");
          return `ok ${c}`;
        },
      },
      { reconnect: { baseMs: 10, maxMs: 20 } },
    );
    const reconnecting: unknown[] = [];
    rcon.on("reconnecting", (info) => reconnecting.push(info));
    await rcon.start();
    const inFlight = bridgeErrorOf(rcon.command("crash"));
    const queued = bridgeErrorOf(rcon.command("next"));
    const [a, b] = await Promise.all([inFlight, queued]);
    expect([a.code, a.details?.sent, a.retryable]).toEqual(["CONNECTION_ERROR", true, true]);
    expect([b.code, b.details?.sent]).toEqual(["CONNECTION_ERROR", false]);
    await new Promise<void>((resolve) => rcon.once("connected", resolve));
    expect(reconnecting[0]).toMatchObject({ attempt: 1, error: { code: "CONNECTION_ERROR" } });
    expect(await rcon.command("next")).toBe("ok next");
    expect(fake.commands).toEqual(["crash", "next"]);
  });

  it("fails a command with CONNECTION_ERROR sent=false when not connected", async () => {
    const { rcon } = await setup({ password: "pw" });
    const error = await bridgeErrorOf(rcon.command("list"));
    expect([error.code, error.details?.sent]).toEqual(["CONNECTION_ERROR", false]);
  });

  it("start() keeps trying while the server is down and resolves once it is up", async () => {
    const { rcon, port } = await clientOfClosedPort({ baseMs: 20, maxMs: 40 });
    const attempts: number[] = [];
    rcon.on("reconnecting", (info: { attempt: number }) => attempts.push(info.attempt));
    const started = rcon.start();
    await new Promise((r) => setTimeout(r, 120));
    const server = new FakeRconServer({ password: "pw" });
    await server.listen(port);
    cleanups.push(() => server.close());
    await started;
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(await rcon.command("list")).toBe("ran list");
  });

  it("start() gives up after the configured attempts with the last error", async () => {
    const { rcon } = await clientOfClosedPort({ attempts: 2, baseMs: 5 });
    const error = await bridgeErrorOf(rcon.start());
    expect(error.code).toBe("CONNECTION_ERROR");
    expect(error.message).toMatch(/ECONNREFUSED/);
  });

  it("close() is idempotent and fails the in-flight request with CONNECTION_ERROR", async () => {
    const { rcon } = await setup({ password: "pw", answer: () => new Promise<string>(() => undefined) });
    await rcon.start();
    const pending = bridgeErrorOf(rcon.command("hang"));
    await new Promise((r) => setTimeout(r, 20));
    await Promise.all([rcon.close(), rcon.close()]);
    const error = await pending;
    expect([error.code, error.details?.sent]).toEqual(["CONNECTION_ERROR", true]);
    expect(rcon.connected).toBe(false);
    expect((await bridgeErrorOf(rcon.command("list"))).code).toBe("CONNECTION_ERROR");
  });
});
