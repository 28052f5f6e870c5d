import { CommandGate, makeRequest, PolicyStore, REDACTED_KEYS, signJob } from "@mcp-bridge/shared";
import type { Job } from "bullmq";
import fc from "fast-check";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { createJobProcessor } from "../../../src/jobs/job-processor.js";
import { JOB_SECRET, writePolicy } from "../../../testing/test-config.js";

/** A logger configured like shared createLogger (same redaction paths), writing into `lines`. */
function captureLogger(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const paths = REDACTED_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`, `*.*.*.${k}`]);
  const stream = { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };
  const logger = pino({ level, redact: { paths, censor: "[redacted]" } }, stream).child({ serverId: "s1" });
  return { logger, lines };
}

function jobOf(command: string, sign = true): Job {
  const envelope = makeRequest("execute_command", { command });
  const unsigned = { serverId: "s1", envelope, client: { id: "alice", role: "admin" } };
  const data = sign ? signJob(unsigned, JOB_SECRET) : { ...unsigned, sig: "0".repeat(64) };
  const job = {
    id: envelope.id,
    name: "execute_command",
    data,
    timestamp: Date.now(),
    attemptsMade: 0,
    attemptsStarted: 1,
    opts: { attempts: 1 },
    log: async () => 0,
  };
  return job as unknown as Job;
}

const policies = new PolicyStore(writePolicy());
/** Chat text the command gate lets through (it refuses control characters and chaining tokens). */
const anyGate = new CommandGate([".*"]);
const sayable = fc.string({ minLength: 1, maxLength: 60 }).filter((t) => anyGate.verdict(`say ${t}`).allowed);
afterAll(() => policies.close());

function processorWith(level: string) {
  const capture = captureLogger(level);
  const run = createJobProcessor({
    serverId: "s1",
    jobSecret: JOB_SECRET,
    policies,
    logger: capture.logger,
    executor: { mode: "mod", execute: async () => ({ data: { ok: true }, replay: false }) },
    requests: { checkAge: () => undefined, runOnce: (_request, _run, execute) => execute() },
  });
  return { run, lines: capture.lines };
}

describe("job processor logging", () => {
  // Feature: minecraft-mcp-bridge, Property 16: Message forwarding audit logging
  it("writes one info line per forwarded job with its type, source and destination", async () => {
    await fc.assert(
      fc.asyncProperty(sayable, async (text) => {
        const { run, lines } = processorWith("info");
        const job = jobOf(`say ${text}`);
        await run(job);
        const info = lines.filter((l) => l.level === 30);
        expect(info).toHaveLength(1);
        expect(info[0]).toMatchObject({
          serverId: "s1",
          jobId: job.id,
          op: "execute_command",
          client: "alice",
          type: "command",
          source: "mcp",
          destination: "minecraft:s1",
        });
        // The signature never reaches the log.
        expect(JSON.stringify(lines)).not.toContain((job.data as { sig: string }).sig);
      }),
      { numRuns: 100 },
    );
  });

  it("logs nothing for a completed job at warn, and the failure with its code at error", async () => {
    const quiet = processorWith("warn");
    await quiet.run(jobOf("say hi"));
    expect(quiet.lines).toHaveLength(0);
    const forged = processorWith("warn");
    await expect(forged.run(jobOf("say hi", false))).rejects.toThrow(/^AUTH_FAILED: /);
    expect(forged.lines).toHaveLength(1);
    expect(forged.lines[0]).toMatchObject({ level: 50, error: { code: "AUTH_FAILED" } });
  });
});
