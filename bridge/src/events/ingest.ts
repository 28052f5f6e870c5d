/**
 * The event ingest endpoint `/events` (ws, noServer mode, attached to the ops HTTP server).
 * In: HTTP upgrades from the mod's emitter with `Authorization: Bearer <eventsToken>`.
 * Out: one EventSession per accepted socket; events land in the server's Redis Stream.
 *
 * Authentication happens twice: the upgrade is refused with HTTP 401 when the bearer token is
 * missing or belongs to no configured server; the hello is answered with AUTH_FAILED and close
 * code 4401 when the token is not the one of the server the hello names. Frames over
 * maxFrameBytes close that socket with 1009 (ws maxPayload). Sockets that miss a heartbeat pong
 * are terminated. A newer session of a server replaces (closes) the older one.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { RedisConnection } from "@mcp-bridge/shared";
import { redisKeys } from "@mcp-bridge/shared";
import type { Logger } from "pino";
import { type WebSocket, WebSocketServer } from "ws";
import { bearerToken, secretsEqual } from "./auth.js";
import { DEFAULT_STREAM_MAXLEN, RedisEventStore } from "./event-store.js";
import { type EventMetrics, EventSession } from "./session.js";

const EVENTS_PATH = "/events";

export interface EventIngestOptions {
  redis: RedisConnection;
  /** Key prefix of this project's Redis keys (redisKeys(prefix)). */
  prefix: string;
  servers: ReadonlyArray<{ id: string; eventsToken: string }>;
  /** Approximate bound of each server's stream (XADD MAXLEN ~). Default 100,000. */
  streamMaxLen?: number;
  /** Largest accepted frame in bytes; bigger closes the socket with 1009. Default 64 KiB. */
  maxFrameBytes?: number;
  /** Ping interval; a socket that has not answered the previous ping is terminated. Default 15 s. */
  heartbeatMs?: number;
  logger: Logger;
  metrics: EventMetrics;
}

interface EventSessionStatus {
  connected: boolean;
  lastSeq: number;
  lastEventAt: number | undefined;
}

export interface EventIngest {
  /** Hand an HTTP upgrade for `/events` to the ingest; other paths are answered 404. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Connection state of one server's mod (for /readyz); lastSeq as last seen by this process. */
  status(serverId: string): EventSessionStatus;
  /** Closes every socket (1001) and stops the heartbeat. Idempotent. */
  close(): Promise<void>;
}

function refuse(socket: Duplex, status: string, extra = ""): void {
  socket.end(`HTTP/1.1 ${status}\r\n${extra}Connection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

export function createEventIngest(options: EventIngestOptions): EventIngest {
  const { logger, metrics } = options;
  const tokens = new Map(options.servers.map((s) => [s.id, s.eventsToken]));
  const store = new RedisEventStore(
    options.redis,
    options.prefix,
    options.streamMaxLen ?? DEFAULT_STREAM_MAXLEN,
  );
  const keys = redisKeys(options.prefix);
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxFrameBytes ?? 64 * 1024 });
  const sessions = new Map<string, EventSession>();
  const known = new Map<string, EventSessionStatus>();
  const alive = new WeakMap<WebSocket, boolean>();
  let closed = false;

  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (alive.get(ws) === false) {
        logger.warn("event socket missed a heartbeat; terminating");
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, options.heartbeatMs ?? 15_000);
  heartbeat.unref();

  function onOpen(session: EventSession): void {
    const serverId = session.serverId!;
    const older = sessions.get(serverId);
    if (older && older !== session) {
      logger.info({ serverId }, "a new event connection replaces the older one");
      older.close(4409, "replaced by a newer connection of this server");
    }
    sessions.set(serverId, session);
  }

  function onConnection(ws: WebSocket, req: IncomingMessage): void {
    alive.set(ws, true);
    ws.on("pong", () => alive.set(ws, true));
    const session = new EventSession(
      {
        send: (text) => {
          if (ws.readyState === ws.OPEN) ws.send(text);
        },
        close: (code, reason) => ws.close(code, reason),
      },
      {
        tokens,
        token: bearerToken(req),
        store,
        logger,
        metrics,
        destination: keys.eventStream,
        onOpen,
      },
    );
    ws.on("message", (data, isBinary) => session.handleFrame(data as Buffer, isBinary));
    ws.on("error", (error) => logger.warn({ err: error, serverId: session.serverId }, "event socket error"));
    ws.on("close", (code) => {
      session.close(code, "");
      const serverId = session.serverId;
      if (serverId === undefined) return;
      known.set(serverId, { connected: false, lastSeq: session.lastSeq, lastEventAt: session.lastEventAt });
      if (sessions.get(serverId) === session) {
        sessions.delete(serverId);
        logger.info({ serverId, code }, "event session closed");
      }
    });
  }

  return {
    handleUpgrade(req, socket, head) {
      const path = new URL(req.url ?? "/", "http://localhost").pathname;
      if (closed) return refuse(socket, "503 Service Unavailable");
      if (path !== EVENTS_PATH) return refuse(socket, "404 Not Found");
      const token = bearerToken(req);
      let matches = false;
      // Compare against every token so the time taken does not reveal which servers exist.
      for (const expected of tokens.values()) matches = secretsEqual(token, expected) || matches;
      if (!matches) {
        logger.warn({ remote: req.socket.remoteAddress }, "event upgrade refused: missing or unknown token");
        return refuse(socket, "401 Unauthorized", 'WWW-Authenticate: Bearer realm="events"\r\n');
      }
      wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, req));
    },
    status(serverId) {
      const session = sessions.get(serverId);
      if (session?.isOpen) {
        return { connected: true, lastSeq: session.lastSeq, lastEventAt: session.lastEventAt };
      }
      return known.get(serverId) ?? { connected: false, lastSeq: 0, lastEventAt: undefined };
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      for (const ws of wss.clients) ws.close(1001, "bridge shutting down");
      // Give peers a moment to finish the closing handshake, then cut whoever is left.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1000);
        wss.close(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      for (const ws of wss.clients) ws.terminate();
    },
  };
}
