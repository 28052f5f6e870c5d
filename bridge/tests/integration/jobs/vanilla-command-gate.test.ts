/**
 * Issue 11 item 3, the bridge's own re-check without the mod: signed execute_command jobs written
 * straight into the queue (no MCP server in front to refuse them first) with control or invisible
 * characters, look-alikes, chaining tokens or over-long text fail with PERMISSION_DENIED /
 * INVALID_ARGS for a role allowed `.*`, are not retried, and never reach the devserver (--no-mod),
 * whose log shows a plain say of the same kind. Real Redis, BullMQ, bridge and devserver.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningDevserver } from "../../../../shared/testing/devserver.js";
import { hostileSayCommands } from "../../../../shared/testing/hostile-commands.js";
import { until } from "../../../../shared/testing/processes.js";
import type { Bridge } from "../../../src/bridge.js";
import type { Producer } from "./producer.js";
import { type DevserverBridge, startDevserverBridge } from "./support/devserver-bridge.js";

describe("the bridge refuses in vanilla mode what the mod would refuse (devserver --no-mod)", () => {
  const marker = `bgate${randomBytes(4).toString("hex")}`;
  let devserver: RunningDevserver;
  let bridge: Bridge;
  let producer: Producer;
  let stack: DevserverBridge | undefined;

  beforeAll(async () => {
    // The role allows every command by pattern, with the default length limit (256).
    const policyFile = join(mkdtempSync(join(tmpdir(), "bridge-gate-")), "policy.json");
    writeFileSync(
      policyFile,
      JSON.stringify({
        roles: { admin: { tools: ["*"], commands: [".*"] } },
        clients: [{ id: "alice", role: "admin" }],
      }),
    );
    stack = await startDevserverBridge(
      { noMod: true, players: ["Steve", "Alex"] },
      { POLICY_FILE: policyFile },
    );
    ({ devserver, bridge, producer } = stack);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("runs a signed plain say in vanilla mode, and the devserver's log shows it", async () => {
    const job = await producer.add("execute_command", { command: `say ${marker}-control plain` });
    expect(await producer.finished(job)).toMatchObject({ success: true });
    expect(bridge.runtimes[0]?.detectedMode).toBe("vanilla");
    await until(() => devserver.log().includes(`${marker}-control plain`), "the say in the log");
  });

  it.each(hostileSayCommands(marker).map((c) => [c.name, c] as const))(
    "refuses a signed job with %s, once, without running it",
    async (_name, hostile) => {
      const job = await producer.add("execute_command", { command: hostile.command });
      await expect(producer.finished(job)).rejects.toThrow(new RegExp(`^${hostile.code}: `));
      expect((await producer.queue.getJob(job.id!))?.attemptsMade).toBe(1);
      expect(devserver.log()).not.toContain(hostile.command.split(" ")[1]!);
    },
  );
});
