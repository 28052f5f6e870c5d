/**
 * Config helpers: a zod schema over the environment, every problem listed at once.
 * `loadEnvConfig` is pure (throws ConfigError); `loadConfigOrExit` prints and exits non-zero.
 */
import type { z } from "zod";

export class ConfigError extends Error {
  override readonly name = "ConfigError";
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

export function loadEnvConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const key = issue.path.join(".") || "(env)";
    return `${key}: ${issue.message}`;
  });
  throw new ConfigError(problems);
}

export function loadConfigOrExit<T>(load: () => T, exit: (code: number) => never = process.exit): T {
  try {
    return load();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return exit(2);
    }
    throw error;
  }
}

/** Env helpers: strings from the environment turned into typed values by zod. */
export const envBool = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === "" ? fallback : /^(1|true|yes|on)$/i.test(value);

export function envList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}
