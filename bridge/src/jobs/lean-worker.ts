/**
 * A BullMQ Worker that does not wake itself up. BullMQ's moveToActive script, whenever it hands out
 * a job, re-adds the queue's base marker (the "there may be work" flag that idle workers block on
 * with BZPOPMIN) for other workers. With one job at a time that costs, per job, a second
 * moveToActive that finds nothing, then a BZPOPMIN that returns at once on the worker's own marker
 * and a third moveToActive that finds nothing again (issue 18: 3 moveToActive and 2 BZPOPMIN per
 * job at one session, against 1 and ~0.3 at 64), and moveToFinished looks for a next job too.
 *
 * Here:
 * - every moveToActive is followed, in the same socket write (the socket is corked around both),
 *   by `clearMarkerIfIdle` (below), so when the queue is empty after the fetch the marker is gone;
 * - after a fetch that found a job, when that job is the only one the worker has (one call at a
 *   time), the worker does not ask for another job and goes back to blocking on the marker (a
 *   fetch after a wake-up always runs: the wake-up took the marker);
 * - when it has other jobs (many calls in flight), it keeps fetching as BullMQ does, so concurrent
 *   jobs still reach the mod batcher together;
 * - once a fetch found the queue empty (or was skipped), finishing a job does not look for the next
 *   one (moveToFinished's fetchNext) until a fetch ran again: the marker says whether there is work.
 * `clearMarkerIfIdle` removes the base marker only when, at that instant, no job waits (wait and
 * prioritized lists empty), atomically: a job added before it keeps the marker, a job added after
 * it sets it again, so no job is left waiting without a wake-up; it never touches the delayed
 * jobs' marker (member "1", retries with backoff). Its answer is not awaited. A job fetched by
 * moveToFinished (no script after it) gets its own `clearMarkerIfIdle` when needed. Should the
 * script be missing or late, the worker only wakes once for nothing, as BullMQ's does. Everything
 * else (locks, stalled checks, retries, events, states in Bull Board) is BullMQ's own.
 */
import { type RedisConnection, runScript } from "@mcp-bridge/shared";
import {
  type BackendFactory,
  createRedisBackend,
  type Job,
  type Processor,
  type RedisQueueBackend,
  Worker,
  type WorkerOptions,
} from "bullmq";
import { CLEAR_MARKER_IF_IDLE } from "../lua/index.js";
import { followScriptCommand } from "./script-follow.js";

export interface LeanWorkerOptions extends WorkerOptions {
  connection: RedisConnection;
}

export class LeanWorker extends Worker {
  private readonly redis: RedisConnection;
  /** Jobs fetched and not finished yet. */
  private readonly owned = new Set<Job>();
  /** The last fetch handed out a job, so its script set the base marker, and no wake-up since. */
  private markerIsOurs = false;
  /** A `clearMarkerIfIdle` followed that fetch. */
  private markerChecked = false;
  /** The queue was found empty: completions do not fetch next until a fetch runs again. */
  private idle = false;
  /** moveToActive now sends `clearMarkerIfIdle` behind it. */
  private fetchPaired = false;

  constructor(
    name: string,
    processor: Processor,
    options: LeanWorkerOptions,
    backendFactory: BackendFactory<RedisQueueBackend> = createRedisBackend,
  ) {
    super(name, processor, options, backendFactory);
    this.redis = options.connection;
    // A fetch after a wake-up must run: the BZPOPMIN took the marker that stood for a waiting job.
    const backend = this.backend as unknown as { waitForJob(timeout: number): Promise<unknown> };
    const waitForJob = backend.waitForJob.bind(backend);
    backend.waitForJob = (timeout) =>
      waitForJob(timeout).finally(() => {
        this.markerIsOurs = false;
      });
  }

  protected override async moveToActive(token: string, name?: string): Promise<Job> {
    if (this.markerIsOurs && this.owned.size <= 1) {
      // The job just fetched is the only one this worker has: do not ask for another.
      if (!this.markerChecked) this.clearMarker();
      this.markerIsOurs = false;
      this.idle = true;
      return this.nextJobFromJobData(undefined, undefined, token);
    }
    this.pairFetchWithMarkerCheck();
    this.idle = false;
    const job = (await super.moveToActive(token, name)) as Job | undefined;
    if (job) {
      this.fetched(job, this.fetchPaired);
    } else {
      if (this.markerIsOurs && !this.fetchPaired) this.clearMarker();
      this.markerIsOurs = false;
      this.idle = true;
    }
    return job as Job;
  }

  override processJob(job: Job, token: string, fetchNext?: () => boolean): ReturnType<Worker["processJob"]> {
    return super.processJob(job, token, fetchNext).finally(() => this.owned.delete(job));
  }

  protected override async handleCompleted(
    result: unknown,
    job: Job,
    token: string,
    fetchNext: () => boolean = () => true,
    span?: Parameters<Worker["handleCompleted"]>[4],
  ): Promise<Job> {
    const next = (await super.handleCompleted(
      result,
      job,
      token,
      this.fetchNextUnlessIdle(fetchNext),
      span,
    )) as Job | undefined;
    if (next) this.fetched(next, false);
    return next as Job;
  }

  protected override async handleFailed(
    error: Error,
    job: Job,
    token: string,
    fetchNext: () => boolean = () => true,
    span?: Parameters<Worker["handleFailed"]>[4],
  ): Promise<Job> {
    const next = (await super.handleFailed(error, job, token, this.fetchNextUnlessIdle(fetchNext), span)) as
      | Job
      | undefined;
    if (next && !this.owned.has(next)) this.fetched(next, false);
    return next as Job;
  }

  /**
   * While other jobs are in flight BullMQ's loop waits for them instead of fetching, and only
   * completions pull new jobs: there, a completion always fetches next. The last job in flight
   * need not when the queue was found empty: the loop blocks on the marker after it.
   */
  private fetchNextUnlessIdle(fetchNext: () => boolean): () => boolean {
    return () => !(this.idle && this.owned.size <= 1) && fetchNext();
  }

  private fetched(job: Job, checked: boolean): void {
    this.owned.add(job);
    this.markerIsOurs = true;
    this.markerChecked = checked;
  }

  private clearMarker(): void {
    const { wait, prioritized, marker } = this.keys;
    runScript(this.redis, CLEAR_MARKER_IF_IDLE, [wait!, prioritized!, marker!], []).catch(() => undefined);
  }

  /**
   * Wraps BullMQ's moveToActive script command on the worker's connection (defined by BullMQ as
   * `moveToActive:<version>` once connected) so that `clearMarkerIfIdle` is written right behind
   * it: one write, run by Redis in that order. Until it is defined, fetches go alone. The connection
   * may be shared by the workers of many queues (./worker-backend.ts): it is wrapped once, and the
   * wrapper checks the marker of the queue whose wait list the fetch names (its first key).
   */
  private pairFetchWithMarkerCheck(): void {
    if (this.fetchPaired) return;
    const routes = pairedFetches(this.redis);
    if (!routes) return;
    routes.set(this.keys.wait!, this.checkMarker);
    this.fetchPaired = true;
  }

  private readonly checkMarker = () => this.clearMarker();

  override async close(force = false): Promise<void> {
    try {
      await super.close(force);
    } finally {
      const routes = fetchRoutes.get(this.redis);
      if (routes?.get(this.keys.wait!) === this.checkMarker) routes.delete(this.keys.wait!);
    }
  }
}

/** Per connection: the marker check to send behind a fetch, by the wait key of the fetching queue. */
const fetchRoutes = new WeakMap<object, Map<string, () => void>>();

/** The route table of a connection whose moveToActive is wrapped (wrapping it now); undefined before BullMQ defined it. */
function pairedFetches(connection: RedisConnection): Map<string, () => void> | undefined {
  const known = fetchRoutes.get(connection);
  if (known) return known;
  const routes = new Map<string, () => void>();
  // The first key of a fetch is the wait list of the fetching queue.
  if (!followScriptCommand(connection, "moveToActive", (keysAndArgs) => routes.get(String(keysAndArgs[0]))))
    return undefined;
  fetchRoutes.set(connection, routes);
  return routes;
}
