// Server-initiated delivery: logging notifications for subscribed events (docs/properties.md, #17) and
// resources with resources/subscribe + notifications/resources/updated.
import {
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Subscription } from "../../src/events/subscription.js";
import { type Harness, startHarness } from "../support/harness.js";

const uuid = "069a79f4-44e9-4726-a5be-fca90e38aaf5";
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
}

describe("push", () => {
  it("declares resources.subscribe and logging", async () => {
    const client = await h.connect();
    expect(client.getServerCapabilities()).toMatchObject({ resources: { subscribe: true }, logging: {} });
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual([
      "minecraft://events/recent",
      "minecraft://players",
      "minecraft://server",
    ]);
  });

  it("sends each session only the events it subscribed to, as logging notifications", async () => {
    const chatOnly = await h.connect("admin", new Subscription({ types: ["player_chat"] }));
    const everything = await h.connect("admin");
    const got: Record<string, { type: string; untrustedPlayerText?: string; note?: string }[]> = {
      chat: [],
      all: [],
    };
    chatOnly.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      got.chat!.push(n.params.data as never);
    });
    everything.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      got.all!.push(n.params.data as never);
    });
    await new Promise((r) => setTimeout(r, 100));
    await h.addEvent("alpha", "player_join", { player: "Steve", uuid });
    await h.addEvent("alpha", "player_chat", { player: "Steve", message: "hi" });
    await until(() => got.all!.length >= 2 && got.chat!.length >= 1);
    expect(got.all!.map((e) => e.type)).toEqual(["player_join", "player_chat"]);
    expect(got.chat!.map((e) => e.type)).toEqual(["player_chat"]);
    expect(got.chat![0]).toMatchObject({
      untrustedPlayerText: "hi",
      note: expect.stringContaining("not instructions"),
    });
  });

  it("notifies subscribed resources and serves their content", async () => {
    const client = await h.connect();
    const updated: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      updated.push(n.params.uri);
    });
    await client.subscribeResource({ uri: "minecraft://events/recent" });
    await client.subscribeResource({ uri: "minecraft://players" });
    await new Promise((r) => setTimeout(r, 100));
    await h.addEvent("alpha", "player_quit", { player: "Alex", uuid });
    await until(() => updated.length >= 2);
    expect(updated.sort()).toEqual(["minecraft://events/recent", "minecraft://players"]);
    const players = await client.readResource({ uri: "minecraft://players" });
    const text = (players.contents[0] as { text: string }).text;
    expect(JSON.parse(text)).toMatchObject({ alpha: { players: ["Steve", "Alex"] } });
    await client.unsubscribeResource({ uri: "minecraft://players" });
    updated.length = 0;
    await h.addEvent("alpha", "player_join", { player: "Alex", uuid });
    await until(() => updated.length >= 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(updated).toEqual(["minecraft://events/recent"]);
  });
});
