import { BridgeError, makeRequest, type RequestMessage } from "@mcp-bridge/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ModAnswer, ModBatcher } from "../../../src/jobs/mod-batcher.js";
import { MAX_RCON_COMMAND_BYTES, MOD_COMMAND_PREFIX } from "../../../src/jobs/mod-command.js";

/**
 * A stand-in for the mod behind RCON: answers each `mcpbridge` command with one response envelope
 * per request (echoing the request's command text), after `delayMs`. Records every command sent
 * and the highest number of commands in flight at once.
 */
class FakeMod {
  readonly commands: string[] = [];
  inFlight = 0;
  maxInFlight = 0;
  constructor(private readonly delayMs = 0) {}

  readonly send = async (command: string): Promise<string> => {
    this.commands.push(command);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    await new Promise((r) => setTimeout(r, this.delayMs));
    this.inFlight--;
    const value = JSON.parse(command.slice(MOD_COMMAND_PREFIX.length)) as RequestMessage | RequestMessage[];
    const answers = (Array.isArray(value) ? value : [value]).map((request) => ({
      id: request.id,
      type: "response",
      payload: { success: true, data: { echo: (request.payload.args as { command: string }).command } },
    }));
    return JSON.stringify(Array.isArray(value) ? answers : answers[0]);
  };
}

const say = (text: string) => makeRequest("execute_command", { command: `say ${text}` });

describe("mod batcher", () => {
  it("answers every request exactly once with its own answer; one command in flight, none over 1446 bytes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ maxLength: 400 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 40 }),
        async (texts, batchMax) => {
          const mod = new FakeMod();
          const batcher = new ModBatcher({ send: mod.send, batchMax });
          const answers = await Promise.all(texts.map((t) => batcher.submit(say(t))));
          expect(answers.map((a: ModAnswer) => (a.data as { echo: string }).echo)).toEqual(
            texts.map((t) => `say ${t}`),
          );
          expect(mod.maxInFlight).toBe(1);
          for (const command of mod.commands) {
            expect(Buffer.byteLength(command)).toBeLessThanOrEqual(MAX_RCON_COMMAND_BYTES);
          }
          const sent = mod.commands.flatMap((c) => {
            const v = JSON.parse(c.slice(MOD_COMMAND_PREFIX.length)) as unknown;
            return Array.isArray(v) ? v : [v];
          });
          expect(sent).toHaveLength(texts.length);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("sends a full command at once instead of waiting for the linger timer", async () => {
    const mod = new FakeMod(5);
    const batcher = new ModBatcher({ send: mod.send, batchMax: 64, lingerMs: 60_000 });
    // ~190-byte requests: 7 fit into 1446 bytes, so 20 waiting fill at least two commands.
    const pending = Array.from({ length: 20 }, (_, i) => batcher.submit(say(`${i}`)));
    await new Promise((r) => setTimeout(r, 50));
    // Two full commands went out back to back; the remaining partial one waits for the timer.
    expect(mod.commands).toHaveLength(2);
    const sizes = mod.commands.map(
      (c) => (JSON.parse(c.slice(MOD_COMMAND_PREFIX.length)) as unknown[]).length,
    );
    expect(sizes[0]).toBeGreaterThan(1);
    expect(sizes[0]! + sizes[1]!).toBeLessThan(20);
    batcher.failWaiting(new BridgeError("CONNECTION_ERROR", "test over"));
    const settled = await Promise.allSettled(pending);
    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(sizes[0]! + sizes[1]!);
  });

  it("sends a lone request without waiting for more (linger 0)", async () => {
    const mod = new FakeMod();
    const batcher = new ModBatcher({ send: mod.send, batchMax: 32 });
    const answer = await batcher.submit(say("alone"));
    expect(answer.data).toEqual({ echo: "say alone" });
    expect(mod.commands).toHaveLength(1);
  });
});
