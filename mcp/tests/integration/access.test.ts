// Authorization before queueing (PERMISSION_DENIED), per-client rate limits in Redis (RATE_LIMITED)
// and policy changes reaching connected sessions, through a real Client.
import { Policy } from "@mcp-bridge/shared";
import { describe, expect, it } from "vitest";
import { dropKeys } from "../../../shared/testing/redis.js";
import { call, errorCode, fileHarness, testPolicyDocument, textOf } from "../support/harness.js";

const h = fileHarness();

describe("authorization before queueing", () => {
  it("refuses a tool the role does not allow, fast and without queueing", async () => {
    const client = await h.connect("viewer");
    const before = h.bridge.seen.length;
    const result = await call(client, "give_item", { player: "Steve", item: "diamond", quantity: 1 });
    expect(errorCode(result)).toBe("PERMISSION_DENIED");
    expect(textOf(result)).toContain("Role 'viewer' may not use tool 'give_item'");
    expect(h.bridge.seen.length).toBe(before);
    const allowed = await call(client, "get_online_players");
    expect(allowed.isError).toBeFalsy();
  });

  it("checks command patterns and target players", async () => {
    const client = await h.connect("limited");
    const denied = await call(client, "execute_command", { command: "op Alex" });
    expect(errorCode(denied)).toBe("PERMISSION_DENIED");
    expect(textOf(denied)).toContain("Command 'op Alex' is not in the allowed command patterns");
    const target = await call(client, "teleport_player", { player: "Alex", x: 0, y: 0, z: 0 });
    expect(errorCode(target)).toBe("PERMISSION_DENIED");
    expect(textOf(target)).toContain("may not target player 'Alex'");
    const ok = await call(client, "execute_command", { command: "/say hi" });
    expect(ok.isError).toBeFalsy();
  });

  it("applies policy changes to a connected session without reconnecting", async () => {
    const client = await h.connect("viewer");
    expect(errorCode(await call(client, "send_message", { message: "hi" }))).toBe("PERMISSION_DENIED");
    const doc = testPolicyDocument();
    doc.roles.viewer.tools.push("send_message");
    const previous = h.policy.current;
    h.policy.current = Policy.parse(doc);
    try {
      const sent = await call(client, "send_message", { message: "hi" });
      expect(sent.isError).toBeFalsy();
      h.policy.current = Policy.parse({ ...doc, clients: doc.clients.filter((c) => c.id !== "viewer") });
      expect(errorCode(await call(client, "get_online_players"))).toBe("AUTH_FAILED");
    } finally {
      h.policy.current = previous;
    }
  });
});

/** Starts with no calls counted for any client. */
async function freshWindow(): Promise<void> {
  await dropKeys(h.redis, `${h.prefix}:rate`);
}

describe("rate limits", () => {
  it("returns RATE_LIMITED with a retry hint once the role's perMinute is used up", async () => {
    const client = await h.connect("limited");
    await freshWindow();
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push(errorCode(await call(client, "get_online_players")));
    expect(codes).toEqual([undefined, undefined, undefined]);
    const fourth = await call(client, "get_online_players");
    expect(errorCode(fourth)).toBe("RATE_LIMITED");
    expect(textOf(fourth)).toMatch(/Hint: Wait \d+ s, then call again/);
  }, 15_000);

  it("shares the count between MCP sessions of the same client (Redis, not memory)", async () => {
    const a = await h.connect("limited");
    const b = await h.connect("limited");
    await freshWindow();
    await call(a, "get_online_players");
    await call(b, "get_online_players");
    await call(a, "get_online_players");
    expect(errorCode(await call(b, "get_online_players"))).toBe("RATE_LIMITED");
    const admin = await h.connect("admin");
    expect(errorCode(await call(admin, "get_online_players"))).toBeUndefined();
  }, 15_000);
});
