import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DefinitionStore, parseDefinitions } from "../../src/definitions/store.js";

const dir = mkdtempSync(join(tmpdir(), "npc-defs-"));
const valid = {
  npcs: [
    {
      id: "bob",
      name: "Villager Bob",
      aliases: ["Bob"],
      persona: { systemPrompt: "A merchant." },
      location: { x: 0, y: 64, z: 0 },
    },
  ],
};

describe("NPC definitions file", () => {
  let store: DefinitionStore | undefined;
  afterEach(() => store?.close());

  it("fills the seed's defaults", () => {
    const [bob] = parseDefinitions(JSON.stringify(valid), "npcs.json").npcs;
    expect(bob).toMatchObject({
      enabled: true,
      perception: { radius: 20 },
      llm: { backend: "ollama", timeoutMs: 30_000, maxOutputTokens: 512, maxTokensParam: "max_tokens" },
      permissions: { canExecuteCommands: false },
      location: { serverId: "default", dimension: "minecraft:overworld" },
      entityType: "minecraft:villager",
    });
    // Unset, the server's own defaults hold (OLLAMA_KEEP_ALIVE; a model that takes only temperature 1).
    expect(bob?.llm).not.toHaveProperty("keepAlive");
    expect(bob?.llm).not.toHaveProperty("temperature");
  });

  it("lists every problem at once", () => {
    const bad = {
      npcs: [
        { id: "Bob!", name: "", persona: {}, location: { x: 0, y: 0 } },
        {
          id: "x",
          name: "X",
          persona: { systemPrompt: "p" },
          location: { x: 0, y: 0, z: 0 },
          permissions: { allowedCommands: ["execute", { pattern: "(a+)+" }] },
        },
        {
          id: "x",
          name: "X2",
          persona: { systemPrompt: "p" },
          location: { x: 0, y: 0, z: 0 },
          llm: { backend: "gpt" },
        },
      ],
    };
    let message = "";
    try {
      parseDefinitions(JSON.stringify(bad), "npcs.json");
    } catch (error) {
      message = (error as Error).message;
    }
    for (const expected of [
      "npcs.0.id",
      "npcs.0.name",
      "npcs.0.persona.systemPrompt",
      "npcs.0.location.z",
      "npcs.1.permissions.allowedCommands.0",
      "explicit {pattern",
      "npcs.1.permissions.allowedCommands.1.pattern: nested quantifier",
      "npcs.2.llm.backend",
      "npcs.2.id: duplicate id 'x'",
    ]) {
      expect(message).toContain(expected);
    }
  });

  it("reads YAML and says which syntax is broken", () => {
    const yaml =
      "npcs:\n  - id: bob\n    name: Villager Bob\n    persona: {systemPrompt: A merchant.}\n    location: {x: 1, y: 64, z: 1}\n";
    expect(parseDefinitions(yaml, "npcs.yaml").npcs[0]!.location.x).toBe(1);
    expect(() => parseDefinitions("{", "npcs.json")).toThrow(/not valid JSON/);
  });

  it("hot-reloads a valid change and keeps the previous definitions on an invalid one", {
    timeout: 30_000,
  }, async () => {
    const path = join(dir, "npcs.json");
    writeFileSync(path, JSON.stringify(valid));
    const onError = vi.fn();
    store = new DefinitionStore(path, onError).watch(20);
    const changes: string[][] = [];
    await new Promise((r) => setTimeout(r, 200)); // let the watcher take its first stat
    store.onChange((next, previous) =>
      changes.push([...previous.map((n) => n.name), "->", ...next.map((n) => n.name)]),
    );
    const renamed = { npcs: [{ ...valid.npcs[0], name: "Bob the Trader" }] };
    writeFileSync(path, `${JSON.stringify(renamed)}\n`);
    await vi.waitFor(() => expect(store?.get("bob")?.name).toBe("Bob the Trader"), { timeout: 10_000 });
    expect(changes).toEqual([["Villager Bob", "->", "Bob the Trader"]]);
    writeFileSync(path, '{"npcs": [{"id": 3}]}   ');
    await vi.waitFor(() => expect(onError).toHaveBeenCalled(), { timeout: 10_000 });
    expect(store.get("bob")?.name).toBe("Bob the Trader");
  });
});
