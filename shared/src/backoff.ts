/**
 * Jittered exponential backoff, used by every reconnecting part.
 * delay(n) = random in [(1 - jitter) * d, d] where d = min(max, base * 2^(n-1)).
 */
export interface BackoffOptions {
  /** Attempts before giving up; Infinity (the default) retries forever. */
  attempts?: number;
  /** Delay of the first retry in ms (default 250). */
  baseMs?: number;
  /** Upper bound of any delay in ms (default 30,000). */
  maxMs?: number;
  /** Fraction of the delay that is randomised, 0..1 (default 0.5). */
  jitter?: number;
}

export interface Backoff {
  readonly attempts: number;
  /** Delay before retry number `attempt` (1-based), or undefined when attempts are used up. */
  delay(attempt: number, random?: () => number): number | undefined;
}

export function backoff(options: BackoffOptions = {}): Backoff {
  const attempts = options.attempts ?? Number.POSITIVE_INFINITY;
  const baseMs = Math.max(0, options.baseMs ?? 250);
  const maxMs = Math.max(baseMs, options.maxMs ?? 30_000);
  const jitter = Math.min(1, Math.max(0, options.jitter ?? 0.5));
  return {
    attempts,
    delay(attempt, random = Math.random) {
      if (attempt < 1 || attempt > attempts) return undefined;
      const exp = Math.min(maxMs, baseMs * 2 ** Math.min(attempt - 1, 40));
      return Math.round(exp * (1 - jitter * random()));
    },
  };
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
