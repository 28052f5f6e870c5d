// serveStdio coalesces stdout's writes per event-loop turn; what a process writes in the turn it
// exits in must still reach the client (a real child process through tsx, its stdout a pipe).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const FIXTURE = fileURLToPath(new URL("../support/stdio-exit-fixture.ts", import.meta.url));

it("a stdio server that exits right after writing still writes everything", async () => {
  const child = spawn(process.execPath, ["--import", "tsx", FIXTURE], { stdio: ["pipe", "pipe", "inherit"] });
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const code = await new Promise((resolve) => child.once("close", resolve));
  expect(code).toBe(0);
  expect(stdout).toBe(Array.from({ length: 100 }, (_, i) => `line ${i}\n`).join(""));
});
