/**
 * Every operation's vanilla handler, from data: the `vanilla` samples of its request vector
 * (shared/vectors/command.<op>.json, query.<op>.json) give the arguments, each command the handler
 * must send, in order, with a server's answer to it, and the result or the error. One table for all
 * operations, so a new operation brings samples, not a test.
 */
import { BridgeError, OPERATION_NAMES, OPERATIONS, type Operation } from "@mcp-bridge/shared";
import { describe, expect, it } from "vitest";
import { requestVector, type VanillaSample } from "../../../../shared/testing/vectors.js";
import { type CommandRunner, runVanilla, VANILLA_OPERATIONS } from "../../../src/vanilla/operations.js";

/** Answers the sample's commands in order; any other command fails (the test then shows what was sent). */
class ScriptedServer implements CommandRunner {
  readonly sent: string[] = [];

  constructor(private readonly exchange: VanillaSample["exchange"]) {}

  async command(text: string): Promise<string> {
    const expected = this.exchange[this.sent.length];
    this.sent.push(text);
    if (expected?.sent !== text) throw new Error(`unexpected command '${text}'`);
    return expected.answer;
  }
}

async function run(op: Operation, sample: Pick<VanillaSample, "args" | "exchange" | "server">) {
  const server = new ScriptedServer(sample.exchange);
  const ctx = { serverVersion: async () => sample.server ?? "1.21.1" };
  const outcome = await runVanilla(op, sample.args, server, ctx).then(
    (result) => ({ result, error: undefined }),
    (error: unknown) => ({ result: undefined, error }),
  );
  return { sent: server.sent, ...outcome };
}

// Feature: minecraft-mcp-bridge, Property 9: Player info query completeness (the get_player_info samples)
// Feature: minecraft-mcp-bridge, Property 10: Server info query completeness (the get_server_info samples)
describe.each(OPERATION_NAMES)("vanilla mode: %s", (op) => {
  const vector = requestVector(op);
  const samples = vector.vanilla ?? [];

  it(`${vector.kind}.json has vanilla samples: answers when vanilla can do it, else only UNSUPPORTED`, () => {
    expect(samples.length).toBeGreaterThan(0);
    const supported = VANILLA_OPERATIONS.includes(op);
    expect(samples.some((s) => s.result !== undefined)).toBe(supported);
    if (!supported) for (const s of samples) expect(s.error?.code, s.name).toBe("UNSUPPORTED");
  });

  for (const sample of samples) {
    it(sample.name, async () => {
      const { sent, result, error } = await run(op, sample);
      expect(sent).toEqual(sample.exchange.map((e) => e.sent));
      if (sample.result !== undefined) {
        expect(error).toBeUndefined();
        expect(result).toEqual(sample.result);
        expect(OPERATIONS[op].result.safeParse(result).success).toBe(true);
        return;
      }
      expect(error).toBeInstanceOf(BridgeError);
      const failure = error as BridgeError;
      expect(failure.code).toBe(sample.error?.code);
      if (sample.error?.details) expect(failure.details).toMatchObject(sample.error.details);
      if (sample.error?.message) expect(failure.message).toContain(sample.error.message);
    });
  }

  if (VANILLA_OPERATIONS.includes(op)) {
    it("refuses every INVALID_ARGS request of the vector before sending anything", async () => {
      const invalid = vector.invalid.filter((example) => example.error.code === "INVALID_ARGS");
      for (const example of invalid) {
        const args = (example.message as { payload: { args: Record<string, unknown> } }).payload.args;
        const { sent, error } = await run(op, { args, exchange: [] });
        expect((error as BridgeError | undefined)?.code, example.name).toBe("INVALID_ARGS");
        expect(sent, example.name).toEqual([]);
      }
    });
  }
});
