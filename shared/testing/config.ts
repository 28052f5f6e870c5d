/**
 * "Empty means unset" for a whole service: setting any one of its variables to "" (or spaces)
 * must load exactly what leaving it out loads, the same config or the same problems.
 */
import { expect } from "vitest";

type Env = Record<string, string | undefined>;

function outcome(load: () => unknown): unknown {
  try {
    return { config: load() };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

export function expectEmptyMeansUnset(keys: string[], base: Env, load: (env: Env) => unknown): void {
  expect(keys.length).toBeGreaterThan(0);
  for (const key of keys) {
    const { [key]: _, ...without } = base;
    const unset = outcome(() => load(without));
    expect(
      outcome(() => load({ ...base, [key]: "" })),
      `${key}=""`,
    ).toEqual(unset);
    expect(
      outcome(() => load({ ...base, [key]: "  " })),
      `${key}="  "`,
    ).toEqual(unset);
  }
}
