/**
 * The table of open HTTP sessions and the limits that keep a token holder from exhausting memory
 * (docs/security.md, "MCP HTTP sessions"):
 * - at most `perClient` sessions per policy client and `total` per process. A new session over a
 *   cap closes the least recently used IDLE session (no request in flight; an open GET stream is in
 *   flight) of that client, or of anyone for the global cap; with none idle it is refused (429);
 * - a session that made no call after initialize closes after `unusedMs`, any session after
 *   `idleMs` without a request;
 * - an idle session is dormant: only this record (its initialize text, a few numbers) stays; the
 *   McpServer and transport exist while requests run and for the WARM_LIMIT most recently used idle
 *   sessions, and are rebuilt on the next request (http-live.ts). A new session is answered by a
 *   bare greeter and starts dormant, so one that never calls never builds its McpServer.
 * A closed session's id is unknown here, so it answers 404 and the client initializes again.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { SessionLimits } from "../config.js";
import { BridgeError } from "../errors.js";
import {
  connectLive,
  type Greeting,
  greet,
  initializeResult,
  type LiveSession,
  type WakeState,
} from "./http-live.js";

export const DEFAULT_SESSION_LIMITS: SessionLimits = {
  perClient: 128,
  total: 1024,
  unusedMs: 60_000,
  idleMs: 30 * 60_000,
};

/** Idle sessions kept built, so a client between calls without a GET stream is not rebuilt each time. */
export const WARM_LIMIT = 32;

/** Largest initialize request kept for a dormant session; a real one is well under 2 KB. */
export const MAX_INITIALIZE_BYTES = 16 * 1024;

export interface SessionRecord {
  readonly clientId: string;
  readonly wake: WakeState;
  readonly build: () => McpServer;
  readonly openedAt: number;
  lastSeen: number;
  /** Requests in progress (an open GET stream counts), so a listening client is never closed. */
  active: number;
  /** Whether a request other than the `initialized` notification followed initialize. */
  used: boolean;
  live?: Promise<LiveSession>;
}

export class SessionTable {
  readonly sessions = new Map<string, SessionRecord>();
  private readonly byClient = new Map<string, Set<SessionRecord>>();
  /** Idle built sessions, least recently used first. */
  private readonly warm = new Set<SessionRecord>();
  private readonly sweeper: NodeJS.Timeout;
  /** What each client's server answers to initialize (built once per policy client). */
  private readonly greetings = new Map<string, Promise<Greeting>>();

  constructor(readonly limits: SessionLimits) {
    const every = Math.max(50, Math.min(60_000, limits.unusedMs / 4, limits.idleMs / 4));
    this.sweeper = setInterval(() => this.sweep(Date.now()), every);
    this.sweeper.unref();
  }

  /**
   * Makes room for a new session of `clientId` (closing idle ones over a cap) or throws a
   * RATE_LIMITED BridgeError naming the cap and the setting that raises it.
   */
  makeRoom(clientId: string): void {
    const own = this.byClient.get(clientId);
    if (own && own.size >= this.limits.perClient && !this.closeOldestIdle(own)) {
      throw new BridgeError(
        "RATE_LIMITED",
        `Client '${clientId}' has ${own.size} open sessions, all busy (MCP_SESSIONS_PER_CLIENT=${this.limits.perClient}); ` +
          "close one with DELETE /mcp or raise MCP_SESSIONS_PER_CLIENT",
      );
    }
    if (this.sessions.size >= this.limits.total && !this.closeOldestIdle(this.sessions.values())) {
      throw new BridgeError(
        "RATE_LIMITED",
        `This server has ${this.sessions.size} open sessions, all busy (MCP_SESSIONS_MAX=${this.limits.total}); ` +
          "try again later or raise MCP_SESSIONS_MAX",
      );
    }
  }

  /** Opens a session whose initialize request is `initialize` (JSON text); returns its id. */
  open(clientId: string, initialize: string, build: () => McpServer): string {
    const id = randomUUID();
    const record: SessionRecord = {
      clientId,
      wake: { sessionId: id, initialize },
      build,
      openedAt: Date.now(),
      lastSeen: Date.now(),
      active: 0,
      used: false,
    };
    this.sessions.set(id, record);
    const own = this.byClient.get(clientId) ?? new Set<SessionRecord>();
    this.byClient.set(clientId, own);
    own.add(record);
    return id;
  }

  /**
   * Answers a new session's initialize without building its McpServer (http-live.ts `greet`): a
   * session that never calls never costs one.
   */
  async greet(
    record: SessionRecord,
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
  ): Promise<void> {
    this.track(record, res);
    let greeting = this.greetings.get(record.clientId);
    if (!greeting) {
      greeting = initializeResult(record.build());
      this.greetings.set(record.clientId, greeting);
      greeting.catch(() => this.greetings.delete(record.clientId));
    }
    await greet(await greeting, record.wake.sessionId, req, res, body);
  }

  /**
   * Runs one HTTP request of a session: builds it if dormant, counts it as active until the
   * response closes, then keeps it warm or lets it sleep.
   */
  async run(record: SessionRecord, req: IncomingMessage, res: ServerResponse, body?: unknown): Promise<void> {
    this.track(record, res);
    let live = record.live;
    if (!live) {
      live = this.wakeUp(record);
      record.live = live;
      live.catch(() => void this.close(record));
    }
    await (await live).handle(req, res, body);
  }

  /** Remembers what a dormant session must replay; notes that a call was made. */
  observe(record: SessionRecord, body: unknown): void {
    const method = (body as { method?: unknown } | undefined)?.method;
    if (method === "logging/setLevel" && JSON.stringify(body).length <= 1024) {
      record.wake.setLevel = JSON.stringify(body);
    }
    if (method !== "notifications/initialized") record.used = true;
  }

  close(record: SessionRecord): Promise<void> {
    const id = record.wake.sessionId;
    if (this.sessions.get(id) !== record) return Promise.resolve();
    this.sessions.delete(id);
    this.warm.delete(record);
    const own = this.byClient.get(record.clientId);
    own?.delete(record);
    if (own?.size === 0) this.byClient.delete(record.clientId);
    return this.sleep(record);
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.allSettled([...this.sessions.values()].map((r) => this.close(r)));
  }

  private track(record: SessionRecord, res: ServerResponse): void {
    record.active++;
    record.lastSeen = Date.now();
    this.warm.delete(record);
    res.once("close", () => this.finished(record));
  }

  private async wakeUp(record: SessionRecord): Promise<LiveSession> {
    const live = await connectLive(record.build(), record.wake.sessionId, () => void this.close(record));
    await live.replay(record.wake);
    return live;
  }

  private finished(record: SessionRecord): void {
    record.active--;
    record.lastSeen = Date.now();
    if (record.active > 0 || !record.live || !this.sessions.has(record.wake.sessionId)) return;
    this.warm.add(record);
    if (this.warm.size > WARM_LIMIT) {
      const coldest = this.warm.values().next().value as SessionRecord;
      this.warm.delete(coldest);
      void this.sleep(coldest);
    }
  }

  /** Drops the built server of a session (closing it, or making it dormant). */
  private async sleep(record: SessionRecord): Promise<void> {
    const live = record.live;
    record.live = undefined;
    if (live) await (await live.catch(() => undefined))?.sleep();
  }

  /** Closes the least recently used idle session among `records`; false when all are busy. */
  private closeOldestIdle(records: Iterable<SessionRecord>): boolean {
    let oldest: SessionRecord | undefined;
    for (const r of records) if (r.active === 0 && (!oldest || r.lastSeen < oldest.lastSeen)) oldest = r;
    if (oldest) void this.close(oldest);
    return oldest !== undefined;
  }

  private sweep(now: number): void {
    for (const r of this.sessions.values()) {
      if (r.active > 0) continue;
      const unused = !r.used && now - r.openedAt > this.limits.unusedMs;
      if (unused || now - r.lastSeen > this.limits.idleMs) void this.close(r);
    }
  }
}
