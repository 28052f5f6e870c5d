/**
 * The one place where a process turns its REDIS_URL into a connection. Two forms:
 *   redis://[[user]:password@]host:port[/db]   (rediss:// for TLS)   one Redis server
 *   redis+sentinel://[[user]:password@]host:port[,host:port...]/<master name>[/db][?sentinelPassword=...&sentinelUsername=...]
 *     the Sentinels to ask for the current primary of <master name>; the credentials are the
 *     primary's. The connection follows a promotion by itself: the Sentinels announce it
 *     (`+switch-master`, watched by ioredis' failover detector) and a reconnect asks them again.
 *   redis+cluster://[[user]:password@]host:port[,host:port...]
 *     some primaries of a Redis Cluster (ioredis asks them for the slot map and follows MOVED/ASK);
 *     the credentials are every node's. Keys are laid out so each script touches one slot
 *     (shared/src/job.ts); readers of several servers' streams read per slot (./slots.ts).
 * One variable, so every process (MCP, bridge, NPC, scripts) and the compose file keep passing a
 * single string, and the config kit validates it once.
 */
import { Cluster, Redis, type RedisOptions } from "ioredis";

/** What connectRedis returns: one Redis (plain or via Sentinels) or a Cluster; both answer the commands. */
export type RedisConnection = Redis | Cluster;

export interface SentinelTarget {
  sentinels: { host: string; port: number }[];
  name: string;
  username?: string;
  password?: string;
  sentinelUsername?: string;
  sentinelPassword?: string;
  db?: number;
}

export interface ClusterTarget {
  nodes: { host: string; port: number }[];
  username?: string;
  password?: string;
}

export const SENTINEL_SCHEME = "redis+sentinel:";
export const CLUSTER_SCHEME = "redis+cluster:";
const DEFAULT_REDIS_PORT = 6379;
const CLUSTER_MAX_REDIRECTIONS = 100;
const DEFAULT_SENTINEL_PORT = 26379;

/** Undefined for a plain redis:// or rediss:// URL; the Sentinel target otherwise (throws on a malformed one). */
export function parseSentinelUrl(url: string): SentinelTarget | undefined {
  if (!url.startsWith(`${SENTINEL_SCHEME}//`)) return undefined;
  const rest = url.slice(SENTINEL_SCHEME.length + 2);
  const at = rest.lastIndexOf("@", rest.search(/[/?]|$/));
  const afterCredentials = at >= 0 ? rest.slice(at + 1) : rest;
  const [hostsAndPath = "", query = ""] = afterCredentials.split("?", 2);
  const [hostList = "", name = "", db, ...extra] = hostsAndPath.split("/");
  if (extra.length > 0) throw new Error("has more path parts than /<master name>/<db>");
  const sentinels = hostList.split(",").map((text) => parseHostPort(text, DEFAULT_SENTINEL_PORT, "Sentinel"));
  if (sentinels.length === 0 || hostList === "") throw new Error("names no Sentinel (host:port,...)");
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(decodeURIComponent(name)))
    throw new Error("needs the master name as its path (redis+sentinel://host:26379/mymaster)");
  const target: SentinelTarget = { sentinels, name: decodeURIComponent(name) };
  Object.assign(target, parseCredentials(at >= 0 ? rest.slice(0, at) : ""));
  if (db !== undefined && db !== "") {
    if (!/^\d{1,2}$/.test(db)) throw new Error("has a database number that is not 0-99");
    target.db = Number(db);
  }
  const params = new URLSearchParams(query);
  for (const key of params.keys())
    if (key !== "sentinelPassword" && key !== "sentinelUsername")
      throw new Error(`has an unknown option ${key} (known: sentinelPassword, sentinelUsername)`);
  const sentinelPassword = params.get("sentinelPassword");
  const sentinelUsername = params.get("sentinelUsername");
  if (sentinelPassword) target.sentinelPassword = sentinelPassword;
  if (sentinelUsername) target.sentinelUsername = sentinelUsername;
  return target;
}

/** Undefined unless `url` is a redis+cluster:// URL; the cluster's nodes otherwise (throws on a malformed one). */
export function parseClusterUrl(url: string): ClusterTarget | undefined {
  if (!url.startsWith(`${CLUSTER_SCHEME}//`)) return undefined;
  const rest = url.slice(CLUSTER_SCHEME.length + 2);
  const at = rest.lastIndexOf("@", rest.search(/[/?]|$/));
  const hostList = at >= 0 ? rest.slice(at + 1) : rest;
  if (/[/?]/.test(hostList))
    throw new Error(
      "has a path or options; a cluster has no databases (redis+cluster://host:port,host:port)",
    );
  if (hostList === "") throw new Error("names no node (host:port,...)");
  const nodes = hostList.split(",").map((text) => parseHostPort(text, DEFAULT_REDIS_PORT, "node"));
  return { nodes, ...parseCredentials(at >= 0 ? rest.slice(0, at) : "") };
}

function parseCredentials(credentials: string): { username?: string; password?: string } {
  if (credentials === "") return {};
  const colon = credentials.indexOf(":");
  const user = colon >= 0 ? credentials.slice(0, colon) : "";
  const password = colon >= 0 ? credentials.slice(colon + 1) : credentials;
  return {
    ...(user ? { username: decodeURIComponent(user) } : {}),
    ...(password ? { password: decodeURIComponent(password) } : {}),
  };
}

function parseHostPort(text: string, defaultPort: number, what: string): { host: string; port: number } {
  const match = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::(\d{1,5}))?$/.exec(text.trim());
  const port = match?.[2] === undefined ? defaultPort : Number(match[2]);
  if (!match || port < 1 || port > 65535) throw new Error(`has a bad ${what} address "${text}" (host:port)`);
  return { host: match[1]!.replace(/^\[|\]$/g, ""), port };
}

/**
 * A connection to the Redis that `url` names. `options` are the caller's (e.g. BullMQ workers need
 * `maxRetriesPerRequest: null`); for Sentinel they apply to the primary's connection.
 */
export function connectRedis(url: string, options: RedisOptions = {}): RedisConnection {
  const cluster = parseClusterUrl(url);
  if (cluster) {
    const { nodes, ...credentials } = cluster;
    // `options` apply to each node's connection (BullMQ reads maxRetriesPerRequest there).
    // While a slot moves (resharding), a script over keys of that slot that are split between the
    // two nodes answers TRYAGAIN until the move ends: retried every 100 ms for up to ~10 s
    // (ioredis' default of 16 redirections gave up after 1.6 s, and a BullMQ worker whose fetch
    // failed then waited its retry delay; docs/deployment.md, "Resharding").
    return new Cluster(nodes, {
      redisOptions: { ...options, ...credentials },
      maxRedirections: CLUSTER_MAX_REDIRECTIONS,
      retryDelayOnTryAgain: 100,
    });
  }
  const sentinel = parseSentinelUrl(url);
  if (!sentinel) return new Redis(url, options);
  return new Redis({
    ...options,
    ...sentinel,
    // A primary demoted while we were connected answers writes with READONLY: reconnect (asks the
    // Sentinels again) and resend the command.
    reconnectOnError: (error) => (/^READONLY/.test(error.message) ? 2 : false),
    // Ask the Sentinels again soon after the primary vanished: promotion takes about
    // down-after-milliseconds plus a second, and each try costs one Sentinel round trip.
    retryStrategy: options.retryStrategy ?? ((times) => Math.min(100 * times, 1000)),
    sentinelRetryStrategy: (times) => Math.min(100 * times, 1000),
  });
}

/**
 * A new connection to the same Redis or Cluster (blocking readers need their own), with `options`
 * over the original's; on a Cluster they apply to each node's connection.
 */
export function duplicateRedis(redis: RedisConnection, options: RedisOptions = {}): RedisConnection {
  if (!(redis instanceof Cluster)) return redis.duplicate(options);
  return redis.duplicate(undefined, { redisOptions: { ...redis.options.redisOptions, ...options } });
}
