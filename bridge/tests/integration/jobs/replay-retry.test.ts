/**
 * Issue 25 item 1: a completed write must not run again in vanilla mode, whatever is done to its
 * job. The BullMQ job id and `job.timestamp` can both be reproduced, so each path below used to run
 * the write a second time; the claim on the signed request id answers them with the first result.
 * A write that failed before reaching the server still runs when retried after the outage.
 * Real Redis, BullMQ, bridge (with its ops HTTP and Bull Board) and devserver --no-mod; each `say`
 * is counted in the devserver's log, one line per `say` that reached it over RCON.
 */
import { randomBytes } from "node:crypto";
import { commandQueueName, jobOptions, makeRequest, signJob } from "@mcp-bridge/shared";
import type { Job } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningDevserver } from "../../../../shared/testing/devserver.js";
import { until } from "../../../../shared/testing/processes.js";
import type { Bridge } from "../../../src/bridge.js";
import { JOB_SECRET } from "../../../testing/test-config.js";
import type { Producer } from "./producer.js";
import { type DevserverBridge, startDevserverBridge } from "./support/devserver-bridge.js";

const BOARD = { user: "ops", password: "board-pw-0123456789" };

describe("a completed write runs once in vanilla mode (devserver --no-mod)", () => {
  const marker = `claim${randomBytes(4).toString("hex")}`;
  let devserver: RunningDevserver;
  let bridge: Bridge;
  let producer: Producer;
  let stack: DevserverBridge | undefined;

  beforeAll(async () => {
    stack = await startDevserverBridge(
      { noMod: true, players: ["Steve"] },
      { BRIDGE_HOST: "127.0.0.1", BRIDGE_PORT: "0", BOARD_USER: BOARD.user, BOARD_PASSWORD: BOARD.password },
      {},
    );
    ({ devserver, bridge, producer } = stack);
  });
  afterAll(async () => {
    devserver?.thaw();
    await stack?.stop();
  });

  /** How many times `say <text>` reached the server. */
  function says(text: string): number {
    return devserver
      .log()
      .split("\n")
      .filter((line) => line.endsWith(`[Rcon] ${text}`)).length;
  }

  /** Runs `say <text>` once as a signed job and returns the completed job and its result. */
  async function sayOnce(text: string): Promise<{ job: Job; first: unknown }> {
    const job = await producer.add("execute_command", { command: `say ${text}` });
    const first = await producer.finished(job);
    expect(first).toMatchObject({ success: true });
    await until(() => says(text) === 1, `'say ${text}' in the devserver's log`);
    return { job, first };
  }

  /** The job ran again without running the write: it answered the first run's result, marked as a replay. */
  async function answeredFromFirstRun(job: Job, first: unknown, text: string): Promise<void> {
    const again = await producer.finished(job);
    // A second `say` would be in the log by the time a read issued after it has come back.
    await producer.finished(await producer.add("get_online_players", {}));
    expect(says(text)).toBe(1);
    expect(again).toEqual({ ...(first as object), replay: true });
  }

  it.each([
    ["job.retry('completed')", {}],
    [
      "job.retry('completed') with the attempts reset",
      { resetAttemptsMade: true, resetAttemptsStarted: true },
    ],
  ])("%s answers the first result and does not run the write again", async (_name, options) => {
    const text = `${marker} retry ${randomBytes(3).toString("hex")}`;
    const { job, first } = await sayOnce(text);
    await job.retry("completed", options);
    await answeredFromFirstRun(job, first, text);
  });

  it("Bull Board's retry of a completed job (PUT /board/api/queues/<queue>/<id>/retry) does not run it again", async () => {
    const text = `${marker} board`;
    const { job, first } = await sayOnce(text);
    const res = await fetch(
      `${bridge.url}/board/api/queues/${commandQueueName("s1")}/${encodeURIComponent(job.id!)}/retry`,
      {
        method: "PUT",
        headers: {
          authorization: `Basic ${Buffer.from(`${BOARD.user}:${BOARD.password}`).toString("base64")}`,
        },
      },
    );
    expect(res.status).toBe(204);
    await answeredFromFirstRun(job, first, text);
  });

  it("a job removed and re-added under its own id and timestamp does not run the write again", async () => {
    const text = `${marker} readd`;
    const { job, first } = await sayOnce(text);
    await job.remove();
    const again = await producer.queue.add(job.name, job.data, {
      ...jobOptions(job.id!, { attempts: 5 }),
      timestamp: job.timestamp,
    });
    expect(again.id).toBe(job.id);
    expect(again.timestamp).toBe(job.timestamp);
    await answeredFromFirstRun(again, first, text);
  });

  it("a write that failed before reaching the server runs once when retried after the outage", async () => {
    const text = `${marker} outage`;
    const envelope = makeRequest("execute_command", { command: `say ${text}` });
    const data = signJob({ serverId: "s1", envelope, client: { id: "alice", role: "admin" } }, JOB_SECRET);
    // The server hangs: a read's `list` is in flight, so the write's `say` waits behind it in the
    // RCON client and fails unsent when the read times out and the connection is reset. One
    // attempt: the job fails at once, as it would once its attempts ran out in a longer outage.
    devserver.freeze();
    let job: Job;
    try {
      const read = await producer.add("get_online_players", {});
      await until(async () => (await read.getState()) === "active", "the read to be taken");
      job = await producer.queue.add("execute_command", data, jobOptions(envelope.id, { attempts: 1 }));
      await expect(producer.finished(job)).rejects.toThrow(
        /^CONNECTION_ERROR: .*before the command was sent/,
      );
    } finally {
      devserver.thaw();
    }
    expect(says(text)).toBe(0);

    // The server is back: the retry an admin makes (Bull Board's retry of a failed job) runs it once.
    await producer.finished(await producer.add("get_online_players", {}));
    await job.retry("failed");
    expect(await producer.finished(job)).toMatchObject({ success: true });
    expect((await producer.queue.getJob(job.id!))?.returnvalue).not.toHaveProperty("replay");
    await until(() => says(text) === 1, `'say ${text}' in the devserver's log`);
    await producer.finished(await producer.add("get_online_players", {}));
    expect(says(text)).toBe(1);
  });
});
