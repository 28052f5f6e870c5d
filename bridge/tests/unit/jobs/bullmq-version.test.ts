/**
 * LeanWorker (bridge/src/jobs/lean-worker.ts) overrides protected parts of BullMQ's Worker
 * (moveToActive, handleCompleted/handleFailed, the backend's waitForJob, the moveToActive script
 * command) and relies on how its main loop and scripts use the queue's marker. Those are not a public
 * API: they were read in BullMQ 6.7.0. An upgrade must re-read them (worker.js mainLoop/_getNextJob,
 * moveToActive and addStandardJob's marker handling) and run bridge/tests/integration/jobs/
 * lean-worker.test.ts before changing the version here and in bridge/package.json.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const CHECKED_AGAINST = "6.7.0";

describe("BullMQ version", () => {
  it("is the one LeanWorker's overrides were checked against", () => {
    const require = createRequire(import.meta.url);
    const { version } = require("bullmq/package.json") as { version: string };
    expect(version).toBe(CHECKED_AGAINST);
  });
});
