import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BridgeError,
  backoff,
  canonicalJson,
  isAscii,
  negotiateVersion,
  Policy,
  parseJson,
  sha256Hex,
  signJob,
  toAsciiJson,
  type UnsignedJobData,
  verifyJob,
} from "../../src/index.js";

describe("ASCII JSON codec", () => {
  it("round-trips any JSON value and emits only ASCII", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = toAsciiJson(value);
        expect(isAscii(text)).toBe(true);
        expect(parseJson(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 300 },
    );
  });
  it("escapes non-ASCII as \\uXXXX (surrogate pairs as two escapes)", () => {
    expect(toAsciiJson({ m: "caf\u00e9 \ud83d\ude00" })).toBe('{"m":"caf\\u00e9 \\ud83d\\ude00"}');
  });
  it("reports invalid JSON as SCHEMA_ERROR", () => {
    expect(() => parseJson("{")).toThrowError(BridgeError);
  });
});

describe("version negotiation", () => {
  it("picks the highest mutually supported version", () => {
    expect(negotiateVersion(["1.2.0", "2.0.0"], ["1.0.0", "1.1.0"])).toBe("1.1.0");
    expect(negotiateVersion(["1.0.0"], ["1.0.0"])).toBe("1.0.0");
    expect(negotiateVersion(["2.0.0"], ["1.0.0"])).toBeUndefined();
    expect(negotiateVersion(["garbage"], ["1.0.0"])).toBeUndefined();
  });
});

describe("backoff", () => {
  it("grows exponentially within [1-jitter, 1] of the capped delay and stops after attempts", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, r) => {
        const b = backoff({ attempts: 50, baseMs: 100, maxMs: 10_000, jitter: 0.5 });
        const d = b.delay(n, () => r);
        if (n > 50) {
          expect(d).toBeUndefined();
          return;
        }
        const cap = Math.min(10_000, 100 * 2 ** (n - 1));
        expect(d).toBeGreaterThanOrEqual(Math.floor(cap * 0.5));
        expect(d).toBeLessThanOrEqual(cap);
      }),
      { numRuns: 200 },
    );
  });
});

/** The canonical form by definition: sorted entries, undefined members left out. */
function referenceCanonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(referenceCanonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${referenceCanonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

describe("canonicalJson", () => {
  it("matches the sorted-entries definition for any JSON value, with undefined members left out", () => {
    const withHoles = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        fc.jsonValue({ maxDepth: 1 }),
        fc.constant(undefined),
        fc.array(tie("value"), { maxLength: 4 }),
        fc.dictionary(fc.string(), tie("value"), { maxKeys: 5 }),
      ),
    })).value;
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), withHoles), (value) => {
        expect(canonicalJson(value)).toBe(referenceCanonical(value));
      }),
      { numRuns: 300 },
    );
  });
  it("does not depend on key order", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })), (record) => {
        const reversed = Object.fromEntries(Object.entries(record).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(record));
      }),
      { numRuns: 200 },
    );
  });
});

describe("job signing", () => {
  const data: UnsignedJobData = {
    serverId: "survival",
    client: { id: "claude", role: "admin" },
    envelope: {
      version: "1.0.0",
      type: "query",
      id: "j1",
      timestamp: 1,
      source: "mcp",
      payload: { query: "hello", args: {} },
    },
  };
  it("verifies its own signature, independent of key order", () => {
    const signed = signJob(data, "s3cret");
    const reordered = JSON.parse(canonicalJson(signed));
    expect(verifyJob(reordered, "s3cret").serverId).toBe("survival");
  });
  it("rejects unsigned, forged and re-targeted jobs with AUTH_FAILED", () => {
    const signed = signJob(data, "s3cret");
    for (const bad of [
      data,
      { ...signed, serverId: "other" },
      { ...signed, client: { id: "claude", role: "x" } },
    ]) {
      expect(() => verifyJob(bad, "s3cret")).toThrowError(expect.objectContaining({ code: "AUTH_FAILED" }));
    }
    expect(() => verifyJob(signed, "other-secret")).toThrowError(
      expect.objectContaining({ code: "AUTH_FAILED", details: { credential: "job_secret" } }),
    );
  });
  it("signs the reply list a job names: a redirected or added replyTo is refused", () => {
    const signed = signJob({ ...data, replyTo: "producer-a" }, "s3cret");
    expect(verifyJob(signed, "s3cret").replyTo).toBe("producer-a");
    for (const bad of [
      { ...signed, replyTo: "producer-b" },
      { ...signJob(data, "s3cret"), replyTo: "producer-b" },
    ]) {
      expect(() => verifyJob(bad, "s3cret")).toThrowError(expect.objectContaining({ code: "AUTH_FAILED" }));
    }
    // A job without replyTo signs the same bytes as before the field existed.
    expect(signJob(data, "s3cret").sig).toBe(signJob({ ...data, replyTo: undefined }, "s3cret").sig);
    const badId = signJob({ ...data, replyTo: "a:b" }, "s3cret");
    expect(() => verifyJob(badId, "s3cret")).toThrowError(expect.objectContaining({ code: "AUTH_FAILED" }));
  });
});

describe("BridgeError retryable", () => {
  it("follows the code's default unless the details say the write may have run", () => {
    expect(new BridgeError("TIMEOUT", "slow").retryable).toBe(true);
    expect(new BridgeError("TIMEOUT", "slow", { details: { mayHaveRun: true } }).retryable).toBe(false);
    expect(
      BridgeError.fromPayload({ code: "CONNECTION_ERROR", message: "x", details: { mayHaveRun: true } })
        .retryable,
    ).toBe(false);
    expect(new BridgeError("PERMISSION_DENIED", "no").retryable).toBe(false);
    expect(new BridgeError("TIMEOUT", "queued", { retryable: false }).retryable).toBe(false);
  });
});

describe("policy", () => {
  const policy = Policy.parse({
    roles: {
      admin: { tools: ["*"], commands: [".*"] },
      builder: {
        tools: ["get_*", "execute_command", "give_item"],
        commands: ["say .*", "time set \\w+"],
        players: ["Steve"],
      },
    },
    clients: [
      { id: "ops", role: "admin", tokenSha256: sha256Hex("tok-admin") },
      { id: "bob", role: "builder", tokenSha256: sha256Hex("tok-bob") },
    ],
  });
  it("finds clients by token", () => {
    expect(policy.clientByToken("tok-bob")).toEqual({ id: "bob", role: "builder" });
    expect(policy.clientByToken("nope")).toBeUndefined();
  });
  it("allows what the role allows and names what it refuses", () => {
    const bob = { id: "bob", role: "builder" };
    expect(() => policy.authorize(bob, "get_server_info")).not.toThrow();
    expect(() => policy.authorize(bob, "execute_command", { command: "say hi" })).not.toThrow();
    expect(() => policy.authorize(bob, "execute_command", { command: "say hi\nop bob" })).toThrow(
      "Command 'say hi\\u000aop bob' is refused: it contains the control or invisible character U+000A",
    );
    expect(() => policy.authorize(bob, "execute_command", { command: "op bob" })).toThrow(/'op bob'/);
    expect(() => policy.authorize(bob, "teleport_player", { player: "Steve" })).toThrow(
      /tool 'teleport_player'/,
    );
    expect(() => policy.authorize(bob, "give_item", { player: "Alex" })).toThrow(/player 'Alex'/);
  });
  it("refuses catastrophic or broken command patterns", () => {
    for (const bad of ["(a+)+$", "([a-z]*)*", "(unclosed"]) {
      expect(() => Policy.parse({ roles: { r: { tools: [], commands: [bad] } }, clients: [] })).toThrow(
        /Invalid policy/,
      );
    }
  });
  it("refuses clients with unknown roles", () => {
    expect(() => Policy.parse({ roles: {}, clients: [{ id: "x", role: "ghost" }] })).toThrow(/unknown role/);
  });
});
