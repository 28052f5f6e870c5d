/**
 * The request claim's states against a real Redis (issue 25 item 1): two bridges racing one signed
 * write run it once; a write whose outcome is unknown is refused with a message saying why, except
 * by the mod, whose journal answers it; a failure before sending frees the request; the claim lives
 * at least as long as the bridge accepts the envelope.
 */
import { BridgeError, redisKeys } from "@mcp-bridge/shared";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { dropKeys, testRedisUrl, uniquePrefix } from "../../../../shared/testing/redis.js";
import type { ExecutionResult } from "../../../src/jobs/job-processor.js";
import { CLAIM_MARGIN_MS, RequestClaims } from "../../../src/jobs/request-claims.js";

const MAX_AGE_MS = 60_000;
const prefix = uniquePrefix("claims");
const connections = [new Redis(testRedisUrl()), new Redis(testRedisUrl())];
const bridges = connections.map((redis) => new RequestClaims({ redis, prefix, maxAgeMs: MAX_AGE_MS }));
const [one, two] = bridges as [RequestClaims, RequestClaims];

afterAll(async () => {
  await dropKeys(connections[0]!, prefix);
  await Promise.all(connections.map((c) => c.quit()));
});

let n = 0;
const newRequest = () => ({ id: `req-${++n}-${Date.now()}`, timestamp: Date.now() });
const ran = (data: unknown) => async (): Promise<ExecutionResult> => ({ data, replay: false });
const fails = (sent: boolean | "unknown") => async (): Promise<ExecutionResult> => {
  throw new BridgeError("CONNECTION_ERROR", "RCON connection dropped", { details: { sent } });
};

describe("RequestClaims", () => {
  it("runs a write once when many jobs of two bridges race for it", async () => {
    const request = newRequest();
    let executions = 0;
    let finish: () => void = () => undefined;
    const slow = async (): Promise<ExecutionResult> => {
      executions += 1;
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      return { data: { output: "" }, replay: false };
    };
    const racers = Array.from({ length: 20 }, (_, i) =>
      (i % 2 ? one : two).runOnce(request, { jobId: `job-${i}`, mode: "vanilla" }, slow),
    );
    const settled = Promise.allSettled(racers);
    // The winner's run is still going while the others are refused.
    await delay(300);
    finish();
    const outcomes = await settled;
    expect(executions).toBe(1);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => o.status === "rejected")) {
      expect(String((outcome as PromiseRejectedResult).reason.message)).toMatch(
        /was started by job 'job-\d+' and its outcome is not known/,
      );
    }
    // Once it is done, every later job gets the first answer.
    expect(await two.runOnce(request, { jobId: "late", mode: "vanilla" }, ran("second"))).toMatchObject({
      data: { output: "" },
      replay: true,
    });
  });

  it("refuses a write that failed after it may have reached the server, saying how it failed", async () => {
    const request = newRequest();
    await expect(one.runOnce(request, { jobId: "first", mode: "vanilla" }, fails(true))).rejects.toThrow(
      /dropped/,
    );
    const again = two.runOnce(request, { jobId: "retry", mode: "vanilla" }, ran("x"));
    await expect(again).rejects.toMatchObject({ code: "JOB_REPLAYED" });
    await expect(again).rejects.toThrow(
      /already reached the server as job 'first', which failed with CONNECTION_ERROR: RCON connection dropped; it may have taken effect/,
    );
  });

  it("lets the mod's journal answer a mod-mode write in doubt, but never a vanilla run of it", async () => {
    const request = newRequest();
    await expect(one.runOnce(request, { jobId: "a", mode: "mod" }, fails("unknown"))).rejects.toThrow();
    // A resumed run that fails before sending leaves the request in doubt: it was sent before.
    await expect(two.runOnce(request, { jobId: "b", mode: "mod" }, fails(false))).rejects.toThrow();
    await expect(two.runOnce(request, { jobId: "c", mode: "vanilla" }, ran("x"))).rejects.toMatchObject({
      code: "JOB_REPLAYED",
    });
    expect(await two.runOnce(request, { jobId: "d", mode: "mod" }, ran("journal"))).toEqual({
      data: "journal",
      replay: false,
    });
  });

  it("frees a request whose run failed before sending, so a retry runs it", async () => {
    const request = newRequest();
    await expect(one.runOnce(request, { jobId: "j", mode: "vanilla" }, fails(false))).rejects.toThrow();
    expect(await two.runOnce(request, { jobId: "j", mode: "vanilla" }, ran("ok"))).toEqual({
      data: "ok",
      replay: false,
    });
  });

  it("keeps the claim at least as long as the bridge accepts the envelope", async () => {
    const request = newRequest();
    await one.runOnce(request, { jobId: "j", mode: "vanilla" }, ran(1));
    const ttl = await connections[0]!.pttl(redisKeys(prefix).requestClaim(request.id));
    expect(ttl).toBeGreaterThan(MAX_AGE_MS + CLAIM_MARGIN_MS - 5_000);
  });
});

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
