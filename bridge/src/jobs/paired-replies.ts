/**
 * Sends a job's reply in the same socket write as BullMQ's moveToFinished, instead of after
 * moveToFinished has answered and the worker's "completed" event has run: Redis pushes the reply as
 * soon as the job is recorded, and the bridge saves a round trip and a system call per job (one
 * session waits about one Redis round trip less per call). BullMQ's moveToFinished script command
 * is wrapped once per connection (script-follow.ts): when the job it finishes has a reply waiting
 * (`pairReply`), PUSH_REPLY follows it in the same write with the job's hash and finishedOn, so it
 * pushes only when that moveToFinished did finish the job. What it answers is handed to `onPaired`:
 * false (not finished, e.g. a lost lock, or the script's answer lost) leaves the reply to the event
 * path (job-replies.ts).
 * Arguments as BullMQ 6 builds them (redis-queue-backend.js moveToFinishedArgs): 14 keys, the job's
 * hash at index 11, then jobId, timestamp (finishedOn), property, value, target.
 */
import { type RedisConnection, runScript } from "@mcp-bridge/shared";
import { PUSH_REPLY } from "../lua/index.js";
import { followScriptCommand } from "./script-follow.js";

const JOB_KEY = 11;
const ARGS = 14;

/** What the reply needs once the finish's arguments are known. */
export interface PairedReply {
  /** The message for the target (`completed` + the return value's JSON, or `failed` + the reason). */
  message(target: string, value: string): string;
  replyKey: string;
  waitersKey: string;
  replyPrefix: string;
  ttlMs: number;
  onPaired(pushed: Promise<boolean>): void;
}

/** Per connection: the replies waiting for their job's finish, by the job's hash key. */
const routes = new WeakMap<object, Map<string, PairedReply>>();
/** A job never finished here (its lock lost to another owner) leaves its entry: the oldest go past this. */
const MAX_WAITING = 10_000;

/**
 * Registers the reply of the job whose hash is `jobKey`, to go out behind its moveToFinished on
 * `connection`. False when the connection cannot pair (a Cluster, or BullMQ's command not defined
 * yet): the caller replies on the event path.
 */
export function pairReply(connection: RedisConnection, jobKey: string, reply: PairedReply): boolean {
  const table = pairedFinishes(connection);
  if (!table) return false;
  table.set(jobKey, reply);
  if (table.size > MAX_WAITING) table.delete(table.keys().next().value!);
  return true;
}

/** Forgets a registered reply (the event path found the job finished without it). */
export function unpairReply(connection: RedisConnection, jobKey: string): void {
  routes.get(connection)?.delete(jobKey);
}

function pairedFinishes(connection: RedisConnection): Map<string, PairedReply> | undefined {
  const known = routes.get(connection);
  if (known) return known;
  if (connection.isCluster) return undefined;
  const table = new Map<string, PairedReply>();
  const wrapped = followScriptCommand(connection, "moveToFinished", (keysAndArgs) => {
    const jobKey = String(keysAndArgs[JOB_KEY]);
    const reply = table.get(jobKey);
    if (!reply) return undefined;
    table.delete(jobKey);
    const [finishedOn, , value, target] = keysAndArgs.slice(ARGS + 1, ARGS + 5).map(String);
    return () => {
      const pushed = runScript(
        connection,
        PUSH_REPLY,
        [reply.replyKey, reply.waitersKey, jobKey],
        [reply.message(target!, value!), reply.ttlMs, reply.replyPrefix, finishedOn!],
      ).then(
        (answer) => answer === 1,
        () => false,
      );
      reply.onPaired(pushed);
    };
  });
  if (!wrapped) return undefined;
  routes.set(connection, table);
  return table;
}
