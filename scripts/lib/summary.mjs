// Prints one closing line for all suites: "N passed, N failed, N skipped",
// adding vitest's JSON report and Maven Surefire's XML reports. Exit 1 if anything failed or nothing ran.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

// Arguments: any number of vitest JSON reports, then the Maven folder whose Surefire reports count.
const args = process.argv.slice(2);
const modDir = args.pop();
let passed = 0;
let failed = 0;
let skipped = 0;

for (const vitestJson of args) {
  if (!existsSync(vitestJson)) {
    console.log(`vitest report missing: ${vitestJson}`);
    failed += 1;
    continue;
  }
  const r = JSON.parse(readFileSync(vitestJson, "utf8"));
  passed += r.numPassedTests ?? 0;
  failed += (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0);
  // A suite can fail outside any test (a hook that times out, an import error): count those too.
  if (r.success === false && (r.numFailedTests ?? 0) === 0) failed += Math.max(1, r.numFailedTestSuites ?? 0);
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}

function* reports(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== "node_modules") yield* reports(p);
    } else if (/^TEST-.*\.xml$/.test(name) && dir.endsWith("surefire-reports")) yield p;
  }
}
let java = 0;
for (const file of reports(modDir ?? "mod")) {
  const head = readFileSync(file, "utf8").match(/<testsuite[^>]*>/)?.[0] ?? "";
  const n = (k) => Number(head.match(new RegExp(`\\b${k}="(\\d+)"`))?.[1] ?? 0);
  const total = n("tests");
  const bad = n("failures") + n("errors");
  java += total;
  failed += bad;
  skipped += n("skipped");
  passed += total - bad - n("skipped");
}
if (java === 0) {
  console.log("no Java test reports found");
  failed += 1;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
