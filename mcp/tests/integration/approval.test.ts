/**
 * Human approval (a role's `confirm` in the policy) through a real SDK Client that declares
 * elicitation and answers it, over the real server, Redis and BullMQ (a FakeBridge answers jobs):
 * only an explicit yes queues the job; no, decline and cancel refuse it and are audit-logged; a client
 * without elicitation is refused with a message that says the policy requires approval.
 */
import { Policy } from "@mcp-bridge/shared";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import {
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
} from "@modelcontextprotocol/sdk/types.js";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Subscription } from "../../src/events/subscription.js";
import { createServer } from "../../src/server.js";
import {
  call,
  errorCode,
  type Harness,
  startHarness,
  testPolicyDocument,
  textOf,
} from "../support/harness.js";

let h: Harness;
const auditLines: Record<string, unknown>[] = [];
const questions: string[] = [];
let answer: ElicitResult = { action: "accept", content: { approve: true } };

async function connect(options: { elicitation: boolean }): Promise<Client> {
  const logger = pino({ level: "info" }, { write: (line: string) => auditLines.push(JSON.parse(line)) });
  const server = createServer(
    { ...h.runtime.deps, logger },
    { clientId: "admin", subscription: new Subscription() },
  );
  const client = new Client(
    { name: "approving-client", version: "1.0.0" },
    { capabilities: options.elicitation ? { elicitation: {} } : {} },
  );
  if (options.elicitation) {
    client.setRequestHandler(ElicitRequestSchema, async (request: ElicitRequest) => {
      questions.push(request.params.message);
      return answer;
    });
  }
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await Promise.all([client.connect(clientTransport), server.connect(serverTransport)]);
  return client;
}

const jobsSeen = () => h.bridge.seen.length;
const decisions = () => auditLines.filter((l) => l.audit === "approval").map((l) => l.decision);

describe("approval of calls the policy marks (elicitation)", () => {
  beforeAll(async () => {
    h = await startHarness({ servers: ["alpha"] });
    const doc = testPolicyDocument();
    doc.roles.admin = {
      ...doc.roles.admin,
      confirm: { tools: ["teleport_*"], commands: ["tp .*", "kill .*"], quantityAbove: 16 },
    } as typeof doc.roles.admin;
    h.policy.current = Policy.parse(doc);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("asks the person in words and runs the call on an explicit yes", async () => {
    const client = await connect({ elicitation: true });
    answer = { action: "accept", content: { approve: true } };
    const before = jobsSeen();
    const result = await call(client, "execute_command", { command: "tp Steve 0 -60 0" });
    expect(errorCode(result), textOf(result)).toBeUndefined();
    expect(questions.at(-1)).toMatch(/^Run `tp Steve 0 -60 0` on server 'alpha'\?/);
    expect(jobsSeen()).toBe(before + 1);
    expect(decisions().at(-1)).toBe("accept");
  });

  it.each([
    ["a no", { action: "accept", content: { approve: false } } as ElicitResult, "decline", /declined/],
    ["decline", { action: "decline" } as ElicitResult, "decline", /declined/],
    ["cancel", { action: "cancel" } as ElicitResult, "cancel", /cancelled/],
  ])("refuses the call on %s, queues nothing and audit-logs it", async (_name, given, logged, said) => {
    const client = await connect({ elicitation: true });
    answer = given;
    const before = jobsSeen();
    const result = await call(client, "give_item", { player: "Alex", item: "minecraft:tnt", quantity: 64 });
    expect(errorCode(result)).toBe("PERMISSION_DENIED");
    expect(textOf(result)).toMatch(said);
    expect(questions.at(-1)).toContain("give_item above 16");
    expect(jobsSeen()).toBe(before);
    const line = auditLines.filter((l) => l.audit === "approval").at(-1)!;
    expect(line).toMatchObject({ decision: logged, client: "admin", tool: "give_item", serverId: "alpha" });
  });

  it("does not ask for calls the policy leaves alone", async () => {
    const client = await connect({ elicitation: true });
    const asked = questions.length;
    expect(
      errorCode(await call(client, "give_item", { player: "Alex", item: "minecraft:bread", quantity: 2 })),
    ).toBeUndefined();
    expect(
      errorCode(await call(client, "execute_command", { command: "time query daytime" })),
    ).toBeUndefined();
    expect(questions.length).toBe(asked);
  });

  it("asks for every call of a tool named by a glob", async () => {
    const client = await connect({ elicitation: true });
    answer = { action: "accept", content: { approve: true } };
    const asked = questions.length;
    expect(
      errorCode(await call(client, "teleport_player", { player: "Alex", x: 1, y: 70, z: 1 })),
    ).toBeUndefined();
    expect(questions.length).toBe(asked + 1);
    expect(questions.at(-1)).toContain('teleport_player {"player":"Alex"');
  });

  it("refuses with a clear message when the client cannot be asked (no elicitation capability)", async () => {
    const client = await connect({ elicitation: false });
    const before = jobsSeen();
    const result = await call(client, "execute_command", { command: "/kill Steve" });
    expect(errorCode(result)).toBe("PERMISSION_DENIED");
    expect(textOf(result)).toMatch(
      /requires a person's approval for `kill Steve`.*does not support elicitation/s,
    );
    expect(textOf(result)).toContain("roles.admin.confirm");
    expect(jobsSeen()).toBe(before);
    expect(decisions().at(-1)).toBe("unsupported");
  });

  it("refuses a policy whose approval pattern cannot be compiled", () => {
    const doc = testPolicyDocument();
    (doc.roles.admin as Record<string, unknown>).confirm = { commands: ["(a+)+"] };
    expect(() => Policy.parse(doc)).toThrow(/roles\.admin\.confirm\.commands\.0/);
  });
});
