/**
 * The Redis that ./scripts/up starts when REDIS_URL is not set (scripts/lib/common.sh
 * start_private_redis): it requires a password, REDIS_URL carries it, and the password is on no
 * process's command line (it goes in through the config on stdin).
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, REPO } from "./support/processes.js";

describe("scripts/up's private Redis", () => {
  let pid: number | undefined;
  afterAll(() => {
    if (pid) process.kill(pid, "SIGTERM");
  });

  it("refuses clients without the password, which is on no command line", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mcpb-up-redis-"));
    const port = await freePort();
    const password = `pw-${Date.now().toString(36)}-secret`;
    const out = execFileSync(
      "bash",
      [
        "-c",
        `source scripts/lib/common.sh && start_private_redis ${port} "$1" "$1/redis.log" "$2" && echo "$REDIS_PID $REDIS_URL"`,
        "up-redis",
        dir,
        password,
      ],
      { cwd: REPO, env: { ...process.env, RUN_DIR: dir }, encoding: "utf8" },
    ).trim();
    const [pidText, url] = out.split(" ");
    pid = Number(pidText);
    expect(url).toBe(`redis://:${password}@127.0.0.1:${port}`);

    expect(await rawReply(port, "SET k v\r\n")).toMatch(/^-NOAUTH/);

    const authed = new Redis(url!, { maxRetriesPerRequest: 0 });
    expect(await authed.set("k", "v")).toBe("OK");
    await authed.quit();

    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    expect(cmdline).toContain("redis-server");
    expect(cmdline).not.toContain(password);
  });
});

describe("./scripts/up with a wrong REDIS_URL", () => {
  const up = (redisUrl: string) =>
    new Promise<{ code: number | null; output: string; ms: number }>((resolve) => {
      const started = Date.now();
      const env = {
        ...process.env,
        REDIS_URL: redisUrl,
        RUN_DIR: mkdtempSync(join(tmpdir(), "mcpb-up-bad-")),
      };
      execFile("./scripts/up", [], { cwd: REPO, env, encoding: "utf8" }, (error, stdout, stderr) =>
        resolve({
          code: error ? (error.code as number) : 0,
          output: stdout + stderr,
          ms: Date.now() - started,
        }),
      );
    });

  it("stops before starting anything, with the rule the URL breaks", async () => {
    const result = await up("localhost:6390");
    expect(result.code).not.toBe(0);
    // The rule as the config kit words it (the URL forms it lists grow with the product), then up's advice.
    expect(result.output).toMatch(
      /REDIS_URL must be a redis:\/\/, rediss:\/\/.* URL \(e\.g\. redis:\/\/127\.0\.0\.1:6379\): fix REDIS_URL, or unset it and \.\/scripts\/up starts its own Redis/,
    );
    expect(result.output).not.toContain("is up");
    expect(result.output).not.toContain("devserver");
  }, 120_000);

  it("names an unreachable Redis by URL without its password, in plain words", async () => {
    const port = await freePort();
    const result = await up(`redis://:hunter2-secret@127.0.0.1:${port}`);
    expect(result.code).not.toBe(0);
    expect(result.output).toContain(
      `Redis at redis://127.0.0.1:${port} is unreachable: nothing accepts connections there`,
    );
    expect(result.output).not.toContain("hunter2-secret");
    expect(result.output).not.toMatch(/maxRetriesPerRequest|is up/);
  }, 120_000);
});

/** The first reply line of a Redis server to one inline command, without authenticating. */
function rawReply(port: number, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(command));
    let text = "";
    socket.setEncoding("utf8").on("data", (chunk: string) => {
      text += chunk;
      if (text.includes("\r\n")) {
        socket.destroy();
        resolve(text.split("\r\n")[0]!);
      }
    });
    socket.on("error", reject);
  });
}
