import { describe, expect, it } from "vitest";
import { bearerToken, secretsEqual } from "../../../src/events/auth.js";
import { parseBasicAuth } from "../../../src/ops/basic-auth.js";
import { createMetrics, serverIdOfQueue } from "../../../src/ops/metrics.js";

const basic = (text: string) => `Basic ${Buffer.from(text).toString("base64")}`;

describe("ops credentials", () => {
  it("reads user and password from Basic auth, the password may contain ':'", () => {
    expect(parseBasicAuth(basic("admin:pa:ss"))).toEqual({ user: "admin", password: "pa:ss" });
    expect(parseBasicAuth(basic("no-colon"))).toBeUndefined();
    expect(parseBasicAuth("Bearer abc")).toBeUndefined();
    expect(parseBasicAuth(undefined)).toBeUndefined();
  });

  it("reads a bearer token and compares secrets of any length", () => {
    expect(bearerToken({ headers: { authorization: "Bearer t0k.en" } })).toBe("t0k.en");
    expect(bearerToken({ headers: { authorization: "Basic t0k" } })).toBeUndefined();
    expect(bearerToken({ headers: {} })).toBeUndefined();
    expect(secretsEqual("abc", "abc")).toBe(true);
    expect(secretsEqual("abc", "abcd")).toBe(false);
    expect(secretsEqual(undefined, "abc")).toBe(false);
  });
});

describe("metrics", () => {
  it("uses a private registry with every bridge metric", async () => {
    const a = createMetrics();
    const b = createMetrics();
    a.eventsIn.inc({ serverId: "s" }, 2);
    const text = await a.registry.metrics();
    for (const name of [
      "queue_depth",
      "job_latency_seconds",
      "job_outcomes_total",
      "rcon_latency_seconds",
      "rcon_reconnects_total",
      "events_in_total",
      "events_out_total",
      "events_dropped_total",
      "event_lag_seconds",
    ]) {
      expect(text).toContain(`mcpbridge_${name}`);
    }
    expect(text).toContain('mcpbridge_events_in_total{serverId="s"} 2');
    expect(await b.registry.metrics()).not.toContain('serverId="s"');
  });

  it("maps queue names to server ids", () => {
    expect(serverIdOfQueue("commands-survival")).toBe("survival");
    expect(serverIdOfQueue("other")).toBe("other");
  });
});
