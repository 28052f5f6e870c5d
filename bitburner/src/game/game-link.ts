/**
 * The one connection to the game. Bitburner is the WebSocket CLIENT: the player enters our host and
 * port in Options -> Remote API and the game connects out. In: upgrade requests (path secret and
 * Origin checked), reply frames. Out: JSON-RPC request frames `{jsonrpc, id, method, params}`.
 * One game at a time. A new connection while one is live replaces it (failing the old one's pending
 * calls) only when both come from the same Origin: that is the game reloading. From any other origin
 * it is closed with 4001 and logged, so a page that passed the Origin check (or a local process
 * without one) cannot take over a live game.
 * A call while no game is attached waits `graceMs` for one, then fails "Bitburner disconnected".
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { BridgeError, type Logger } from "@mcp-bridge/shared";
import { type WebSocket, WebSocketServer } from "ws";
import { PendingCalls } from "./pending-calls.js";

export interface GameLinkOptions {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  /** When set, the game must connect to ws://host:port/<secret>. */
  pathSecret?: string | undefined;
  /**
   * Browser origins allowed to connect, compared exactly ("null" is the opaque origin of sandboxed
   * frames, data: URLs and local files, so it is never a default). Requests without Origin
   * (non-browser) always may. "*" = any.
   */
  allowedOrigins: string[];
  timeoutMs: number;
  graceMs: number;
  maxPayloadBytes: number;
  logger: Logger;
  observer?: GameLinkObserver;
}

/** What metrics want to know. */
export interface GameLinkObserver {
  attached(): void;
  detached(): void;
  timedOut(method: string): void;
  rpc(method: string, seconds: number, outcome: "ok" | "error"): void;
}

/** Close codes we send: the game shows them in its console. */
export const CLOSE_REPLACED = 4000;
export const CLOSE_OTHER_ORIGIN_LIVE = 4001;

export interface GameStatus {
  connected: boolean;
  /** Game connections accepted since start. */
  connections: number;
  connectedSince?: string;
  remoteAddress?: string;
  /** The live game's Origin header ("none" for a non-browser client). */
  origin?: string;
  pending: number;
}

interface Attached {
  socket: WebSocket;
  calls: PendingCalls;
  since: Date;
  remoteAddress: string;
  origin: string;
  /** Increments per connection: caches keyed by it die with the connection. */
  generation: number;
}

const sha = (text: string) => createHash("sha256").update(text).digest();

export class GameLink {
  private game: Attached | undefined;
  private waiters = new Set<() => void>();
  private nextId = 0;
  private connections = 0;
  private closed = false;

  private constructor(
    private readonly server: WebSocketServer,
    private readonly options: GameLinkOptions,
  ) {
    server.on("connection", (socket, req) => this.attach(socket, req));
  }

  static async listen(options: GameLinkOptions): Promise<GameLink> {
    const server = new WebSocketServer({
      host: options.host,
      port: options.port,
      maxPayload: options.maxPayloadBytes,
      verifyClient: (info, done) => {
        const refusal = refusalOf(info.req, info.origin, options);
        if (refusal) {
          options.logger.warn({ origin: info.origin, why: refusal.why }, "game connection refused");
          done(false, refusal.status, refusal.why);
        } else done(true);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("listening", resolve);
      server.once("error", reject);
    });
    server.on("error", (error) => options.logger.error({ err: error.message }, "game listener error"));
    return new GameLink(server, options);
  }

  /** The port actually bound. */
  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** ws://host:port (the secret path, if any, is not included: it is not for logs). */
  get url(): string {
    const host = this.options.host.includes(":") ? `[${this.options.host}]` : this.options.host;
    return `ws://${host}:${this.port}`;
  }

  get generation(): number | undefined {
    return this.game?.generation;
  }

  status(): GameStatus {
    const g = this.game;
    return g
      ? {
          connected: true,
          connections: this.connections,
          connectedSince: g.since.toISOString(),
          remoteAddress: g.remoteAddress,
          origin: g.origin,
          pending: g.calls.size,
        }
      : { connected: false, connections: this.connections, pending: 0 };
  }

  /**
   * Sends one request and resolves with the game's `result`. Rejects with CONNECTION_ERROR
   * ("Bitburner disconnected"), TIMEOUT (with the elapsed time) or the game's mapped error.
   */
  async call(method: string, params?: Record<string, unknown>, timeoutMs = this.options.timeoutMs) {
    const startedAt = performance.now();
    let outcome: "ok" | "error" = "error";
    try {
      const game = this.game ?? (await this.waitForGame(startedAt));
      const id = ++this.nextId;
      const reply = game.calls.expect(id, method, timeoutMs, startedAt);
      const frame = JSON.stringify(
        params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params },
      );
      game.socket.send(frame, (error) => {
        if (error) game.calls.fail(id, disconnected(`sending ${method} failed: ${error.message}`));
      });
      const result = await reply;
      outcome = "ok";
      return result;
    } finally {
      this.options.observer?.rpc(method, (performance.now() - startedAt) / 1000, outcome);
    }
  }

  /** Resolves once a game is attached, or rejects after the grace period. */
  private waitForGame(startedAt: number): Promise<Attached> {
    if (this.closed) return Promise.reject(disconnected("the MCP server is shutting down"));
    return new Promise((resolve, reject) => {
      const onAttach = () => {
        clearTimeout(timer);
        this.waiters.delete(onAttach);
        if (this.game) resolve(this.game);
        else reject(disconnected("the MCP server is shutting down"));
      };
      const timer = setTimeout(() => {
        this.waiters.delete(onAttach);
        const waited = Math.round(performance.now() - startedAt);
        reject(
          disconnected(
            `no game connected within ${waited} ms. In Bitburner open Options -> Remote API, enter hostname ` +
              `${this.options.host} and port ${this.port}, and press Connect (after this server restarts the ` +
              "game does not reconnect by itself unless a reconnection delay is set there)",
          ),
        );
      }, this.options.graceMs);
      timer.unref?.();
      this.waiters.add(onAttach);
    });
  }

  private attach(socket: WebSocket, req: IncomingMessage): void {
    const log = this.options.logger;
    const previous = this.game;
    const remoteAddress = `${req.socket.remoteAddress}:${req.socket.remotePort}`;
    const origin = req.headers.origin ?? "none";
    if (previous && previous.origin !== origin) {
      log.warn(
        { remoteAddress, origin, liveOrigin: previous.origin },
        "game connection refused: a game from another origin is connected",
      );
      socket.close(
        CLOSE_OTHER_ORIGIN_LIVE,
        "another game is connected; disconnect it (Options -> Remote API) first",
      );
      return;
    }
    const calls = new PendingCalls({
      ignored: (why, excerpt) => log.warn({ why, excerpt }, "game frame ignored"),
      timedOut: (method, elapsedMs) => {
        this.options.observer?.timedOut(method);
        log.warn({ method, elapsedMs }, "game request timed out");
      },
    });
    const game: Attached = {
      socket,
      calls,
      since: new Date(),
      remoteAddress,
      origin,
      generation: ++this.connections,
    };
    this.game = game;
    if (previous) {
      previous.calls.failAll((m) => disconnected(`a new game connection replaced the one ${m} was sent on`));
      previous.socket.close(CLOSE_REPLACED, "replaced by a new game connection");
      this.options.observer?.detached();
    }
    this.options.observer?.attached();
    log.info({ remoteAddress, origin, replaced: previous !== undefined }, "game connected");

    socket.on("message", (data, isBinary) => {
      if (isBinary) {
        log.warn({ bytes: (data as Buffer).length }, "binary frame from the game ignored");
        return;
      }
      calls.receive(data.toString());
    });
    socket.on("error", (error) => log.warn({ err: error.message }, "game socket error"));
    socket.on("close", (code, reason) => {
      calls.failAll((m) =>
        disconnected(`the game closed the connection while ${m} was pending (code ${code})`),
      );
      if (this.game !== game) return;
      this.game = undefined;
      this.options.observer?.detached();
      log.info({ code, reason: reason.toString() }, "game disconnected");
    });
    for (const wake of [...this.waiters]) wake();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const wake of [...this.waiters]) wake();
    const game = this.game;
    this.game = undefined;
    game?.calls.failAll(() => disconnected("the MCP server is shutting down"));
    for (const client of this.server.clients) client.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function disconnected(why: string): BridgeError {
  return new BridgeError("CONNECTION_ERROR", `Bitburner disconnected: ${why}`, {
    details: { reason: "DISCONNECTED" },
  });
}

function refusalOf(
  req: IncomingMessage,
  origin: string | undefined,
  options: GameLinkOptions,
): { status: number; why: string } | undefined {
  if (options.pathSecret !== undefined) {
    const path = (req.url ?? "/").split("?")[0]!;
    if (!timingSafeEqual(sha(path), sha(`/${options.pathSecret}`))) return { status: 404, why: "wrong path" };
  }
  if (origin && !options.allowedOrigins.includes("*") && !options.allowedOrigins.includes(origin)) {
    return { status: 403, why: `origin ${origin} not in BITBURNER_ALLOWED_ORIGINS` };
  }
  return undefined;
}
