// Every tool through a real MCP SDK Client, over stdio (the real CLI as a child process) and over
// Streamable HTTP, against the protocol-faithful fake game connected to the real WebSocket port.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeGame } from "../../testing/fake-game.js";
import { call, type Harness, httpHarness, stdioHarness } from "../../testing/harness.js";
import { errorOf } from "../support/errors.js";
import { until } from "../support/link.js";

const MB = 1024 * 1024;
const BINARYISH = `${Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join("")}\uFFFD é 😀 \u2028 "quotes" \\ end`;

describe.each([
  ["stdio", () => stdioHarness({ FILE_WRITE_MAX_BYTES: String(1.5 * MB) })],
  ["http", () => httpHarness({}, 1.5 * MB)],
])("every tool over %s", (_transport, start: () => Promise<Harness>) => {
  let h: Harness;
  let game: FakeGame;
  let client: Client;

  beforeAll(async () => {
    h = await start();
    client = h.client;
    game = await FakeGame.connect(h.gameUrl);
  }, 60_000);
  afterAll(async () => {
    await game?.close();
    await h?.close();
  });

  it("lists ten tools with strict input schemas, output schemas and annotations", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "calculate_ram",
      "delete_file",
      "get_all_file_metadata",
      "get_all_files",
      "get_file_metadata",
      "get_netscript_definitions",
      "list_files",
      "list_servers",
      "read_file",
      "write_file",
    ]);
    for (const tool of tools) {
      expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
      expect(tool.outputSchema, tool.name).toBeDefined();
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(
        !["write_file", "delete_file"].includes(tool.name),
      );
    }
  });

  it("writes, lists, reads, calculates RAM of and deletes a script on the default server 'home'", async () => {
    const written = await call(client, "write_file", {
      filename: "/hack.js",
      content: "ns.hack(); ns.grow();",
    });
    expect(written.structuredContent).toEqual({
      server: "home",
      filename: "hack.js",
      bytes: 21,
      result: "OK",
    });
    expect(game.file("hack.js")).toBe("ns.hack(); ns.grow();");
    expect((await call(client, "list_files")).structuredContent).toMatchObject({
      files: ["hack.js"],
      count: 1,
    });
    expect((await call(client, "read_file", { filename: "hack.js" })).structuredContent).toMatchObject({
      content: "ns.hack(); ns.grow();",
      nextOffset: null,
    });
    expect((await call(client, "calculate_ram", { filename: "hack.js" })).structuredContent).toEqual({
      server: "home",
      filename: "hack.js",
      ramGb: 1.8,
    });
    expect((await call(client, "delete_file", { filename: "hack.js" })).structuredContent).toMatchObject({
      deleted: true,
    });
    expect(game.file("hack.js")).toBeUndefined();
  });

  it("round-trips binary-ish text exactly, on another server", async () => {
    await call(client, "write_file", { filename: "data/blob.txt", content: BINARYISH, server: "n00dles" });
    const read = await call(client, "read_file", { filename: "data/blob.txt", server: "n00dles" });
    expect(read.structuredContent?.content).toBe(BINARYISH);
  });

  it("pages a 300 KB file through read_file", async () => {
    const big = "abcdefghij".repeat(30_000);
    game.putFile("big.txt", big);
    let offset: number | null = 0;
    let text = "";
    while (offset !== null) {
      const page = (await call(client, "read_file", { filename: "big.txt", offset })).structuredContent as {
        content: string;
        nextOffset: number | null;
        length: number;
      };
      expect(page.length).toBe(big.length);
      text += page.content;
      offset = page.nextOffset;
    }
    expect(text).toBe(big);
  });

  it("pages get_all_files by a content budget, cutting only a file that alone exceeds it", async () => {
    game.putFile("a.txt", "a".repeat(1500), "foodnstuff");
    game.putFile("b.txt", "b".repeat(800), "foodnstuff");
    game.putFile("c.txt", "c".repeat(3000), "foodnstuff");
    const first = (await call(client, "get_all_files", { server: "foodnstuff", maxChars: 2000 }))
      .structuredContent;
    expect(first).toMatchObject({
      total: 3,
      nextOffset: 1,
      files: [{ filename: "a.txt", truncated: false }],
    });
    const second = (await call(client, "get_all_files", { server: "foodnstuff", maxChars: 2000, offset: 1 }))
      .structuredContent as {
      files: { filename: string; truncated: boolean; content: string }[];
      nextOffset: number;
    };
    expect(second.files.map((f) => f.filename)).toEqual(["b.txt"]);
    const third = (await call(client, "get_all_files", { server: "foodnstuff", maxChars: 2000, offset: 2 }))
      .structuredContent as {
      files: { truncated: boolean; content: string; length: number }[];
      nextOffset: null;
    };
    expect(third.files[0]).toMatchObject({ truncated: true, length: 3000 });
    expect(third.files[0]!.content.length).toBe(2000);
    expect(third.nextOffset).toBeNull();
  });

  it("serves the 300 KB definitions as an index, one section, or search hits, fetched once per connection", async () => {
    const before = game.received.filter((f) => f.includes("getDefinitionFile")).length;
    const index = (await call(client, "get_netscript_definitions")).structuredContent as {
      totalChars: number;
      sectionCount: number;
      sections: { name: string }[];
    };
    expect(index.totalChars).toBeGreaterThan(290_000);
    expect(index.sections[0]!.name).toBe("NS");
    const ns = (await call(client, "get_netscript_definitions", { section: "NS" })).structuredContent as {
      content: string;
    };
    expect(ns.content).toMatch(/^\/\*\*\n \* NS: the interface number 0\./);
    expect(ns.content).toContain("export interface NS {");
    expect(ns.content).not.toContain("interface Api1 ");
    const hits = (await call(client, "get_netscript_definitions", { search: "member 39 of api7." }))
      .structuredContent;
    expect(hits).toMatchObject({ matchCount: 1, matches: [{ section: "Api7" }] });
    const missing = errorOf(await call(client, "get_netscript_definitions", { section: "Api99999" }));
    expect(missing.code).toBe("INVALID_ARGS");
    expect(game.received.filter((f) => f.includes("getDefinitionFile")).length - before).toBeLessThanOrEqual(
      1,
    );
  });

  it("lists servers and file times", async () => {
    expect((await call(client, "list_servers")).structuredContent).toMatchObject({
      count: 3,
      servers: [{ hostname: "home", hasAdminRights: true, purchasedByPlayer: true }, {}, {}],
    });
    game.putFile("t.js", "x");
    const meta = (await call(client, "get_file_metadata", { filename: "t.js" })).structuredContent as {
      metadata: { filename: string; createdAt: string };
    };
    expect(meta.metadata.filename).toBe("t.js");
    expect(Date.parse(meta.metadata.createdAt)).not.toBeNaN();
    expect((await call(client, "get_all_file_metadata")).structuredContent).toMatchObject({ server: "home" });
  });

  it("writes and reads back 1 MB", async () => {
    const content = "x".repeat(MB);
    expect((await call(client, "write_file", { filename: "mb.txt", content })).isError).toBeFalsy();
    const read = (await call(client, "read_file", { filename: "mb.txt", limit: 200_000 })).structuredContent;
    expect(read).toMatchObject({ length: MB, nextOffset: 200_000 });
  });

  it("refuses bad input before anything reaches the game, with the protocol code and a hint", async () => {
    const sent = game.received.length;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ filename: "a.js", content: "x", extra: 1 }, /extra|unrecognized/i],
      [{ filename: "   ", content: "x" }, /empty/],
      [{ filename: "my script.js", content: "x" }, /space/],
      [{ filename: "../up.js", content: "x" }, /'\.\.'/],
      [{ filename: "virus.exe", content: "x" }, /extension/],
      [{ filename: "a.js", content: 5 }, /content/],
      [{ filename: "a.js", content: "x", server: "" }, /server/],
      [{ filename: "x".repeat(5000), content: "x" }, /filename/],
      [{ filename: "big.txt", content: "y".repeat(1.6 * MB) }, /bytes/],
    ];
    for (const [args, message] of cases) {
      const error = errorOf(await call(client, "write_file", args));
      expect(error.code, JSON.stringify(args).slice(0, 80)).toBe("INVALID_ARGS");
      expect(error.message).toMatch(message);
      expect(error.hint.length).toBeGreaterThan(10);
    }
    expect(game.received.length).toBe(sent);
  });

  it("maps the game's refusals to specific codes with hints", async () => {
    const missing = errorOf(await call(client, "read_file", { filename: "nope.js" }));
    expect(missing).toMatchObject({ code: "INVALID_ARGS", reason: "FILE_NOT_FOUND" });
    expect(missing.message).toBe("Bitburner: File does not exist. Filename: nope.js");
    expect(missing.hint).toContain("list_files");
    const host = errorOf(await call(client, "list_files", { server: "nowhere" }));
    expect(host).toMatchObject({ code: "INVALID_ARGS", reason: "INVALID_HOSTNAME" });
    expect(host.hint).toContain("list_servers");
    const notScript = errorOf(await call(client, "calculate_ram", { filename: "notes.txt" }));
    expect(notScript.code).toBe("INVALID_ARGS");
  });
});

describe("the stdio process", () => {
  it("tells on stderr what to enter in the game and logs there, never on stdout", async () => {
    const h = await stdioHarness();
    try {
      const game = await FakeGame.connect(h.gameUrl);
      expect((await call(h.client, "list_servers")).isError).toBeFalsy();
      await game.close();
      // pino writes asynchronously: wait for the call's line (the test timeout bounds this)
      await until(() => h.stderr().includes('"tool":"list_servers"'));
      expect(h.stderr()).toMatch(
        /In Bitburner: Options -> Remote API, hostname 127\.0\.0\.1, port \d+, press Connect/,
      );
      expect(h.stderr()).toContain('"msg":"tool call ok"');
      expect(h.stderr()).toContain('"tool":"list_servers"');
    } finally {
      await h.close();
    }
  }, 60_000);
});
