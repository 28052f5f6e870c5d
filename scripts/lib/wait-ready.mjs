// scripts/up: waits until the bridge's /readyz says every part is ready (Redis, RCON logged in, mode
// known, event sources, the mod's event session), so the banner is printed only then.
//   node scripts/lib/wait-ready.mjs URL BRIDGE_PID DEADLINE_S
// Exit 0 when ready. Exit 1, with one line per failing part on stderr, at once when a part failed in
// a way the bridge does not retry (a check with a `code`, e.g. AUTH_FAILED for a refused RCON
// password), when Redis stayed unreachable for REDIS_GRACE_MS, or at the deadline. Exit 3 when the
// bridge process ended (its log says why).
const [url, pidText, deadlineText] = process.argv.slice(2);
const pid = Number(pidText);
const deadline = Date.now() + Number(deadlineText ?? 90) * 1000;
const REDIS_GRACE_MS = 5000;
const alive = () => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const failing = (checks) =>
  Object.entries(checks)
    .filter(([, c]) => !c.ok)
    .map(([name, c]) => `${name}: ${c.detail ?? "not ready"}`);

let redisDownSince;
let last = ["no answer from the bridge yet"];
while (Date.now() < deadline) {
  if (!alive()) process.exit(3);
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    const body = await res.json();
    if (res.status === 200 && body.ready) process.exit(0);
    const checks = body.checks ?? {};
    last = failing(checks);
    const final = Object.entries(checks).filter(([, c]) => !c.ok && c.code);
    if (final.length > 0) {
      for (const [name, c] of final) process.stderr.write(`${name}: ${c.detail}\n`);
      process.exit(1);
    }
    redisDownSince = checks.redis?.ok === false ? (redisDownSince ?? Date.now()) : undefined;
    if (redisDownSince !== undefined && Date.now() - redisDownSince >= REDIS_GRACE_MS) {
      process.stderr.write(`redis: ${checks.redis.detail}\n`);
      process.exit(1);
    }
  } catch (error) {
    last = [`${url}: ${error.message}`];
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
}
process.stderr.write(`${last.join("\n")}\n`);
process.exit(1);
