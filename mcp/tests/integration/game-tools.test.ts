// Tools that become jobs, driven through a real SDK Client against createServer, a real Redis and
// BullMQ, with a small Worker playing the bridge.
import { describe, expect, it } from "vitest";
import { JOB_META_KEY } from "../../src/tools/tool-kit.js";
import { call, errorCode, fileHarness, textOf } from "../support/harness.js";
import { ALL_TOOLS } from "../support/tool-names.js";

const h = fileHarness();

describe("game tools: happy paths (properties 2, 8, 9, 10, 11)", () => {
  it("lists every tool with input and output schemas and annotations", async () => {
    const client = await h.connect();
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name).sort();
    expect(names).toEqual(ALL_TOOLS);
    for (const tool of tools) {
      expect(tool.outputSchema, tool.name).toBeDefined();
      expect(tool.annotations?.readOnlyHint, tool.name).toBeTypeOf("boolean");
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
    }
    const give = tools.find((t) => t.name === "give_item")!;
    expect(give.inputSchema.properties).toHaveProperty("server");
    expect((give.inputSchema.properties!.server as { enum: string[] }).enum).toEqual(["alpha", "silent"]);
  });

  it("execute_command queues a signed job and returns the output (property 2)", async () => {
    const client = await h.connect();
    const result = await call(client, "execute_command", { command: "time set day" });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ output: "ran: time set day" });
    const job = h.bridge.seen.at(-1)!;
    expect(job.serverId).toBe("alpha");
    expect(job.client).toEqual({ id: "admin", role: "admin" });
    expect(job.envelope).toMatchObject({ type: "command", payload: { command: "execute_command" } });
  });

  it("send_message, teleport_player and give_item succeed for online players (property 2)", async () => {
    const client = await h.connect();
    const sent = await call(client, "send_message", { message: "hello", target: "Alex" });
    expect(sent.structuredContent).toEqual({ recipients: ["Alex"] });
    const tp = await call(client, "teleport_player", { player: "Steve", x: 10, y: 70, z: -5 });
    expect(tp.structuredContent).toMatchObject({ player: "Steve", location: { x: 10, y: 70, z: -5 } });
    const give = await call(client, "give_item", { player: "Steve", item: "minecraft:diamond", quantity: 5 });
    expect(give.structuredContent).toEqual({ player: "Steve", item: "minecraft:diamond", quantity: 5 });
    expect(textOf(give)).toContain("Gave 5 minecraft:diamond to Steve");
  });

  it("queries return complete structured data (properties 8-11)", async () => {
    const client = await h.connect();
    h.bridge.players.add("Notch");
    const players = await call(client, "get_online_players");
    expect(players.structuredContent).toEqual({ players: ["Steve", "Alex", "Notch"], online: 3, max: 20 });
    h.bridge.players.delete("Notch");
    const info = await call(client, "get_player_info", { player: "Alex" });
    expect(info.structuredContent).toMatchObject({ name: "Alex", health: 20, gameMode: "survival" });
    expect(info.structuredContent).toHaveProperty("inventory");
    expect(info.structuredContent).toHaveProperty("location");
    const server = await call(client, "get_server_info");
    expect(server.structuredContent).toMatchObject({ version: "1.21.1", weather: "CLEAR", timeOfDay: 6000 });
    const world = await call(client, "get_world_info", { x: 0, y: 64, z: 0, radius: 4 });
    expect(world.structuredContent).toMatchObject({ radius: 4, truncated: false });
    expect((world.structuredContent as { entities: unknown[] }).entities).toHaveLength(1);
  });
});

describe("game tools: failures (property 3)", () => {
  it("PLAYER_NOT_FOUND names who is online, from the error's details (no second job)", async () => {
    const client = await h.connect();
    const lookups = () =>
      h.bridge.seen.filter((d) => JSON.stringify(d.envelope).includes("get_online_players"));
    const before = lookups().length;
    const result = await call(client, "give_item", { player: "Herobrine", item: "diamond", quantity: 1 });
    expect(errorCode(result)).toBe("PLAYER_NOT_FOUND");
    expect(textOf(result)).toContain("player Herobrine is not online; online players: Steve, Alex");
    expect(lookups().length).toBe(before);
  });

  it("PLAYER_NOT_FOUND without details asks the server who is online", async () => {
    const client = await h.connect();
    h.bridge.logErrorPayloads = false;
    try {
      const result = await call(client, "give_item", { player: "Herobrine", item: "diamond", quantity: 1 });
      expect(textOf(result)).toContain("player Herobrine is not online; online players: Steve, Alex");
      expect(h.bridge.seen.at(-1)?.envelope).toMatchObject({ payload: { query: "get_online_players" } });
    } finally {
      h.bridge.logErrorPayloads = true;
    }
  });

  it("a command the game rejects comes back as INVALID_COMMAND", async () => {
    const client = await h.connect();
    const result = await call(client, "execute_command", { command: "bogus thing" });
    expect(errorCode(result)).toBe("INVALID_COMMAND");
    expect(textOf(result)).toMatch(/^INVALID_COMMAND: Unknown or incomplete command: bogus thing/);
  });

  it("a failure without a protocol code becomes SERVER_ERROR with the reason", async () => {
    const client = await h.connect();
    const result = await call(client, "execute_command", { command: "explode" });
    expect(errorCode(result)).toBe("SERVER_ERROR");
    expect(textOf(result)).toContain("RCON socket closed unexpectedly");
  });

  it("a job the bridge retries still answers the waiting call once it succeeds", async () => {
    const client = await h.connect();
    const result = await call(client, "execute_command", { command: "flaky" });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(result.structuredContent).toEqual({ output: "ran: flaky" });
  });

  it("invalid arguments are INVALID_ARGS naming the field, and nothing is queued", async () => {
    const client = await h.connect();
    const before = h.bridge.seen.length;
    const result = await call(client, "give_item", { player: "Steve", item: "diamond", quantity: 0 });
    expect(errorCode(result)).toBe("INVALID_ARGS");
    expect(textOf(result)).toMatch(/^INVALID_ARGS: .*quantity/s);
    const bad = await call(client, "teleport_player", { player: "bad name!", x: 0, y: 0, z: 0 });
    expect(errorCode(bad)).toBe("INVALID_ARGS");
    expect(h.bridge.seen.length).toBe(before);
  });

  it("a job nobody answers times out as TIMEOUT with its job id; get_job reports it still waiting", async () => {
    const client = await h.connect();
    const started = Date.now();
    const result = await call(client, "get_server_info", { server: "silent" });
    expect(Date.now() - started).toBeLessThan(8000);
    expect(errorCode(result)).toBe("TIMEOUT");
    const jobId = (result._meta!["minecraft-mcp/error"] as { details: { jobId: string } }).details.jobId;
    expect(textOf(result)).toContain(jobId);
    expect(textOf(result)).toContain("still queued");
    expect(textOf(result)).toContain("get_job");
    // The hint says not to resend (the job may still run), so the error is not retryable either.
    expect(result._meta!["minecraft-mcp/error"]).toMatchObject({ code: "TIMEOUT", retryable: false });
    const report = await call(client, "get_job", { jobId, server: "silent" });
    expect(report.structuredContent).toMatchObject({ jobId, state: "waiting", op: "get_server_info" });
  }, 15_000);

  it("get_job reports a completed job's result and an unknown id as INVALID_ARGS", async () => {
    const client = await h.connect();
    await call(client, "get_online_players");
    const jobId = h.bridge.seen.at(-1)!.envelope.id;
    const report = await call(client, "get_job", { jobId });
    expect(report.structuredContent).toMatchObject({ state: "completed", data: { online: 2 } });
    const missing = await call(client, "get_job", { jobId: "no-such-job" });
    expect(errorCode(missing)).toBe("INVALID_ARGS");
  });

  it("every game tool result carries its job id in _meta, which get_job looks up (issue 28)", async () => {
    const client = await h.connect();
    for (const [tool, args] of [
      ["get_online_players", {}],
      ["execute_command", { command: "time set day" }],
    ] as const) {
      const result = await call(client, tool, args);
      expect(result.isError, tool).toBeFalsy();
      const jobId = (result._meta?.[JOB_META_KEY] as { jobId?: string } | undefined)?.jobId;
      expect(jobId, tool).toBe(h.bridge.seen.at(-1)!.envelope.id);
      const report = await call(client, "get_job", { jobId: jobId! });
      expect(report.structuredContent, tool).toMatchObject({ jobId, state: "completed", op: tool });
    }
  });
});

describe("game tools: the policy's rules before any job (issue 25 items 4 and 5)", () => {
  it("refuses give_item of an operator item even for the admin, and queues nothing", async () => {
    const client = await h.connect();
    const before = h.bridge.seen.length;
    for (const item of ["minecraft:command_block", "barrier"]) {
      const result = await call(client, "give_item", { player: "Steve", item, quantity: 1 });
      expect(errorCode(result)).toBe("PERMISSION_DENIED");
      expect(textOf(result)).toContain("operator item");
    }
    expect(h.bridge.seen.length).toBe(before);
  });

  it("a role limited to players must name a target, and may not hide a selector in text", async () => {
    const client = await h.connect("limited");
    const before = h.bridge.seen.length;
    const everyone = await call(client, "send_message", { message: "hi" });
    expect(errorCode(everyone)).toBe("PERMISSION_DENIED");
    expect(textOf(everyone)).toContain("name a 'target'");
    const hidden = await call(client, "execute_command", { command: "say hi,@a" });
    expect(errorCode(hidden)).toBe("PERMISSION_DENIED");
    expect(textOf(hidden)).toContain("selector");
    expect(h.bridge.seen.length).toBe(before);
  });
});
