/**
 * The BullMQ backend of the command workers, built for many workers in one process (a bridge serving
 * a fleet of servers, docs/deployment.md): BullMQ's default gives every Worker the connection it is
 * passed plus a duplicate for its blocking fetch (BZPOPMIN), and defines all of its ~60 Lua scripts
 * on both (ioredis builds a command class per script per connection: ~90 KiB of heap each). Here
 * - the regular connection is the one passed, shared by every worker of the process (BullMQ allows
 *   it: a shared connection is never closed by a worker), so the scripts are defined once;
 * - the blocking connection, which only ever sends BZPOPMIN, gets none of them.
 * A worker still has its own blocking connection (a blocked BZPOPMIN holds its connection).
 */
import type { RedisConnection as IoRedisConnection } from "@mcp-bridge/shared";
import {
  type BackendFactory,
  type KeyPrefixOptions,
  QueueKeys,
  RedisConnection,
  RedisQueueBackend,
} from "bullmq";
import { Cluster } from "ioredis";

/** A connection for BZPOPMIN only: BullMQ's scripts are not defined on it. */
class BlockingConnection extends RedisConnection {
  protected override loadCommands(): void {}
}

function blockingDuplicate(client: IoRedisConnection, connectionName: string): IoRedisConnection {
  if (client instanceof Cluster) return client.duplicate();
  return client.duplicate({ connectionName });
}

/** Workers given this factory and a shared `connection` share it; each keeps its own blocking one. */
export const sharedWorkerBackend: BackendFactory<RedisQueueBackend> = (name, options, flags) => {
  const opts = options as typeof options & KeyPrefixOptions;
  const client = opts.connection as IoRedisConnection;
  const keys = new QueueKeys(opts.prefix);
  const { skipVersionCheck } = opts;
  const connection = new RedisConnection(client, { shared: true, blocking: false, skipVersionCheck });
  const blocking = flags?.withBlockingConnection
    ? new BlockingConnection(
        blockingDuplicate(client, `${opts.prefix ?? "bull"}:${Buffer.from(name).toString("base64")}`),
        { shared: false, blocking: true, skipVersionCheck },
      )
    : undefined;
  return new RedisQueueBackend(
    connection,
    name,
    keys.getKeys(name),
    (type) => keys.toKey(name, type),
    opts,
    blocking,
  );
};
