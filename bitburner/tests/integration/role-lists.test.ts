// Issue 25.3: tools/list shows only the tools the client's role may call (over Streamable HTTP with
// bearer tokens), follows an edit of the policy file (tools/list_changed, then the new list), and a
// tool left out of the list is still refused when called.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { TOOLS, WRITE_TOOLS } from "../../src/tools/index.js";
import { call, httpHarness, TOKENS, testPolicy } from "../../testing/harness.js";
import { errorOf } from "../support/errors.js";
import { until } from "../support/link.js";

let h: Awaited<ReturnType<typeof httpHarness>> | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const names = async (client: Client) => (await client.listTools()).tools.map((t) => t.name).sort();
const ALL = TOOLS.map((t) => t.name).sort();

describe("tools/list follows the role", () => {
  it("lists every tool for an admin and only the read tools for a read-only role", async () => {
    const policyFile = join(mkdtempSync(join(tmpdir(), "bb-lists-")), "policy.json");
    writeFileSync(policyFile, JSON.stringify(testPolicy()));
    h = await httpHarness({}, 1_000_000, policyFile);
    expect(WRITE_TOOLS.sort()).toEqual(["delete_file", "write_file"]);
    expect(await names(h.client)).toEqual(ALL);
    const reader = await h.connect(TOKENS.reader);
    const { tools } = await reader.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(ALL.filter((n) => !WRITE_TOOLS.includes(n)));
    for (const tool of tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    expect(errorOf(await call(reader, "write_file", { filename: "a.js", content: "x" })).code).toBe(
      "PERMISSION_DENIED",
    );
  });

  it("sends tools/list_changed when the policy file changes the role's tools, and lists anew", async () => {
    const policyFile = join(mkdtempSync(join(tmpdir(), "bb-lists-")), "policy.json");
    writeFileSync(policyFile, JSON.stringify(testPolicy()));
    h = await httpHarness({}, 1_000_000, policyFile);
    const reader = await h.connect(TOKENS.reader);
    let changed = 0;
    reader.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changed++;
    });
    let adminChanged = 0;
    h.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      adminChanged++;
    });
    expect(await names(reader)).toContain("list_files");
    const doc = testPolicy();
    doc.roles.reader!.tools = ["read_file"];
    writeFileSync(policyFile, JSON.stringify(doc));
    await until(() => changed > 0);
    expect(await names(reader)).toEqual(["read_file"]);
    expect(errorOf(await call(reader, "list_files")).code).toBe("PERMISSION_DENIED");
    expect(adminChanged).toBe(0);
    expect(await names(h.client)).toEqual(ALL);
  }, 30_000);
});
