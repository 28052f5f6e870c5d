import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Workspace packages resolve to their TypeScript sources, so tests need no build step:
// `@mcp-bridge/shared` -> shared/src/index.ts, `@mcp-bridge/shared/<part>` -> shared/src/<part>/index.ts;
// `@mcp-bridge/bridge` and `@mcp-bridge/mcp` (imported by one-process only) -> their src/index.ts.
const sharedSrc = fileURLToPath(new URL("./shared/src/", import.meta.url));
const packageSrc = (name: string) => fileURLToPath(new URL(`./${name}/src/index.ts`, import.meta.url));
const alias = [
  { find: /^@mcp-bridge\/bridge$/, replacement: packageSrc("bridge") },
  { find: /^@mcp-bridge\/mcp$/, replacement: packageSrc("mcp") },
  { find: /^@mcp-bridge\/shared$/, replacement: `${sharedSrc}index.ts` },
  { find: /^@mcp-bridge\/shared\/(.+)$/, replacement: `${sharedSrc}$1/index.ts` },
];

// Two tiers, named by what they need. unit: no Redis, no devserver, no child processes (loopback
// peers started by the test itself are fine); REDIS_URL points nowhere there, so a unit test that
// reaches for Redis fails instead of passing by luck. integration: a real Redis (REDIS_URL, set by
// scripts/test), the devserver and real processes, including the end-to-end tests in mcp/tests/e2e.
// browser: what integration needs plus a Chromium (*.browser.test.ts); its own project so that
// scripts/test installs the browser only for it.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          env: { REDIS_URL: "redis://127.0.0.1:1/unit-tests-have-no-redis" },
          include: [
            "{shared,bridge,mcp,bitburner,npc,one-process}/tests/unit/**/*.test.ts",
            "scripts/tests/**/*.test.ts",
          ],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: [
            "{shared,bridge,mcp,bitburner,npc,one-process}/tests/integration/**/*.test.ts",
            "mcp/tests/e2e/**/*.test.ts",
            "npc/tests/e2e/**/*.test.ts",
          ],
          exclude: ["**/node_modules/**", "**/*.browser.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "browser",
          include: ["mcp/tests/e2e/**/*.browser.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
