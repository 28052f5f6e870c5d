// Preload for profiling the bridge / MCP server under the benchmark (Node refuses --cpu-prof in
// NODE_OPTIONS): scripts/bench/run --node-options="--import=./scripts/bench/chain-profile.mjs".
// Records a V8 CPU profile from start to exit and writes .run/prof/<pid>.cpuprofile (open it in
// Chrome DevTools); BENCH_PROFILE_DIR overrides the directory.
import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";

const dir = process.env.BENCH_PROFILE_DIR ?? ".run/prof";
const session = new Session();
session.connect();
session.post("Profiler.enable");
session.post("Profiler.start");
let written = false;
const write = () => {
  if (written) return;
  written = true;
  session.post("Profiler.stop", (error, result) => {
    if (error) return;
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/${process.pid}.cpuprofile`, JSON.stringify(result.profile));
  });
};
// Profiler.stop answers synchronously on the same thread, so writing at exit works.
process.on("exit", write);
