import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Workspace packages resolve to their TypeScript sources, so tests need no build step:
// `@mcp-bridge/shared` -> shared/src/index.ts, `@mcp-bridge/shared/<part>` -> shared/src/<part>/index.ts.
const sharedSrc = fileURLToPath(new URL("./shared/src/", import.meta.url));
const alias = [
  { find: /^@mcp-bridge\/shared$/, replacement: `${sharedSrc}index.ts` },
  { find: /^@mcp-bridge\/shared\/(.+)$/, replacement: `${sharedSrc}$1/index.ts` },
];

// Two projects: unit tests touch no network; integration tests use a real Redis
// (REDIS_URL, set by scripts/test), the devserver and real processes.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: [
            "{shared,bridge,mcp,bitburner,npc}/tests/unit/**/*.test.ts",
            "scripts/tests/**/*.test.ts",
          ],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: [
            "{shared,bridge,mcp,bitburner,npc}/tests/integration/**/*.test.ts",
            "mcp/tests/e2e/**/*.test.ts",
            "npc/tests/e2e/**/*.test.ts",
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
