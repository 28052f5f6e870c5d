/**
 * The Server Management Protocol source of one server (vanilla 1.21.9+). In: a WebSocket to the
 * server's management endpoint (`Authorization: Bearer <secret>`; wss:// by default, optionally
 * trusting the server's own self-signed certificate from a PEM file), JSON-RPC 2.0 notifications.
 * Out: player_join / player_quit / server_status events in the server's Redis Stream. On connect it
 * calls `rpc.discover`, reports the protocol version the server declares (warning on a major it does
 * not know) and logs which of the notifications it uses the server does not list. A refused
 * connection carries the advice for the usual cause: vanilla does not start with TLS on (its
 * default) and no keystore. Vanilla
 * sends every notification to every connection (there is no subscribe method). It reconnects with
 * the shared backoff; what happens while it is disconnected is not replayed (live only).
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { backoff, type Logger, PROTOCOL_VERSION, toAsciiJson } from "@mcp-bridge/shared";
import WebSocket from "ws";
import type { EventSource } from "../sources/event-source.js";
import type { SourceArbiter } from "../sources/source-table.js";
import { summarizeDiscover, unsupportedNote } from "./discover.js";
import { type ManagementStore, SEQ_PLACEHOLDER } from "./management-store.js";
import { eventOfNotification } from "./notifications.js";

/** Why nothing may listen at the management URL, and what the admin sets (vanilla's own instructions). */
const TLS_KEYSTORE_ADVICE =
  "if server.properties has management-server-enabled=true: with management-server-tls-enabled=true (the default) and no " +
  "management-server-tls-keystore the server does not start (its log says 'TLS is enabled but keystore is not configured'); " +
  "set management-server-tls-keystore to a PKCS12 file and its password (environment variable " +
  "MINECRAFT_MANAGEMENT_TLS_KEYSTORE_PASSWORD, -Dmanagement.tls.keystore.password or management-server-tls-keystore-password), " +
  "or set management-server-tls-enabled=false and use a ws:// MC_MANAGEMENT_URL";

export interface ManagementSourceOptions {
  serverId: string;
  url: string;
  secret: string;
  /** PEM of the server's certificate to trust (its self-signed one); only for wss://. */
  certFile?: string;
  store: Pick<ManagementStore, "add">;
  logger: Logger;
  /** Which events are stored (joins and quits not while the mod or a log source delivers them). Default: all. */
  arbiter?: Pick<SourceArbiter, "wins">;
  onStored?: (count: number) => void;
  reconnect?: { baseMs?: number; maxMs?: number };
  /** Longest wait for an answer to a request. Default 10 s. */
  requestTimeoutMs?: number;
}

export class ManagementSource implements EventSource {
  readonly name = "management";
  /** Told when the connection came up or went down (`active` changed): the sources' description is stale. */
  private readonly activeListeners: (() => void)[] = [];
  private ws: WebSocket | undefined;
  private running = false;
  private connected = false;
  private attempt = 0;
  private timer: NodeJS.Timeout | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private lastError = "";
  /** What the connected server's rpc.discover declared, for the state line. */
  private protocol = "";
  private readonly log: Logger;
  private readonly retry;

  constructor(private readonly options: ManagementSourceOptions) {
    this.log = options.logger.child({ serverId: options.serverId, source: "management" });
    this.retry = backoff({
      baseMs: options.reconnect?.baseMs ?? 500,
      maxMs: options.reconnect?.maxMs ?? 15_000,
    });
  }

  get active(): boolean {
    return this.connected;
  }

  onActiveChange(listener: () => void): void {
    this.activeListeners.push(listener);
  }

  private activeChanged(): void {
    for (const listener of this.activeListeners) listener();
  }

  get state(): string {
    if (!this.running) return "not running (this bridge does not hold the server)";
    if (this.connected) return `connected to ${this.options.url}${this.protocol}`;
    return `not connected to ${this.options.url}${this.lastError ? ` (${this.lastError})` : ""}; retrying`;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    const ws = this.ws;
    this.ws = undefined;
    if (ws && ws.readyState !== WebSocket.CLOSED) {
      await new Promise<void>((resolve) => {
        ws.once("close", () => resolve());
        ws.close(1000, "bridge stopping");
        setTimeout(() => {
          ws.terminate();
          resolve();
        }, 1000).unref();
      });
    }
    this.connected = false;
  }

  /** One JSON-RPC request on the open connection. */
  request(method: string, params?: unknown): Promise<unknown> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return Promise.reject(new Error("not connected"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method}: no answer in ${this.options.requestTimeoutMs ?? 10_000} ms`));
      }, this.options.requestTimeoutMs ?? 10_000);
      this.pending.set(id, {
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      ws.send(JSON.stringify({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) }));
    });
  }

  private connect(): void {
    if (!this.running) return;
    const { url, secret, certFile } = this.options;
    let ca: Buffer | undefined;
    try {
      ca = certFile ? readFileSync(certFile) : undefined;
    } catch (error) {
      this.lastError = `cannot read MC_MANAGEMENT_CERT_FILE: ${(error as Error).message}`;
      this.log.error(this.lastError);
      this.scheduleReconnect();
      return;
    }
    const ws = new WebSocket(url, {
      headers: { Authorization: `Bearer ${secret}` },
      handshakeTimeout: 10_000,
      maxPayload: 4 * 1024 * 1024,
      // The pinned certificate is the only trust anchor, so its host name need not match.
      ...(ca ? { ca, checkServerIdentity: () => undefined } : {}),
    });
    this.ws = ws;
    ws.on("open", () => void this.onOpen(ws));
    ws.on("message", (data) => this.onMessage(String(data)));
    let refused = false;
    ws.on("unexpected-response", (_req, res) => {
      refused = true;
      this.lastError =
        res.statusCode === 401
          ? "401 Unauthorized: MC_MANAGEMENT_SECRET is not the server's management-server-secret"
          : `HTTP ${res.statusCode}`;
      ws.terminate();
    });
    ws.on("error", (error) => {
      // terminate() after a refused upgrade reports a generic error; keep the refusal's reason.
      if (refused) return;
      const code = (error as NodeJS.ErrnoException).code;
      this.lastError =
        code === "ECONNREFUSED"
          ? `${error.message}: nothing listens there; ${TLS_KEYSTORE_ADVICE}`
          : error.message;
    });
    ws.on("close", () => {
      if (this.ws !== ws) return;
      const was = this.connected;
      if (was) this.log.warn("management connection closed; events until it is back are not seen");
      this.connected = false;
      this.protocol = "";
      if (was) this.activeChanged();
      for (const p of this.pending.values()) p.reject(new Error("connection closed"));
      this.pending.clear();
      this.scheduleReconnect();
    });
  }

  private scheduleReconnect(): void {
    if (!this.running) return;
    const delay = this.retry.delay(++this.attempt) ?? 15_000;
    if (this.attempt === 1 || this.attempt % 20 === 0) {
      this.log.warn({ err: this.lastError, delayMs: delay }, "management server not reachable; retrying");
    }
    this.timer = setTimeout(() => this.connect(), delay);
    this.timer.unref();
  }

  private async onOpen(ws: WebSocket): Promise<void> {
    this.connected = true;
    this.attempt = 0;
    this.lastError = "";
    this.log.info({ url: this.options.url }, "management protocol connected");
    this.activeChanged();
    try {
      const summary = summarizeDiscover(await this.request("rpc.discover"));
      if (this.ws !== ws) return;
      const note = unsupportedNote(summary);
      this.protocol = ` (management protocol ${summary.version}${note ? `; ${note}` : ""})`;
      if (note) this.log.warn({ version: summary.version }, note);
      else this.log.info({ version: summary.version }, "management protocol version");
      if (summary.missing.length > 0)
        this.log.warn({ missing: summary.missing }, "the server does not list these notifications");
      this.activeChanged();
    } catch (error) {
      if (this.ws === ws) this.log.warn({ err: (error as Error).message }, "rpc.discover failed");
    }
  }

  private onMessage(text: string): void {
    let message: {
      id?: unknown;
      method?: unknown;
      params?: unknown;
      result?: unknown;
      error?: { message?: unknown };
    };
    try {
      message = JSON.parse(text);
    } catch {
      this.log.warn("management server sent a frame that is not JSON; ignored");
      return;
    }
    if (typeof message.id === "number" && this.pending.has(message.id)) {
      const p = this.pending.get(message.id)!;
      this.pending.delete(message.id);
      if (message.error) p.reject(new Error(String(message.error.message ?? "JSON-RPC error")));
      else p.resolve(message.result);
      return;
    }
    if (typeof message.method === "string" && message.id === undefined)
      void this.onNotification(message.method, message.params);
  }

  private async onNotification(method: string, params: unknown): Promise<void> {
    const event = eventOfNotification(method, params);
    if (!event) return;
    if (this.options.arbiter && !this.options.arbiter.wins("management", event.type)) return;
    const envelope = {
      version: PROTOCOL_VERSION,
      type: "event",
      id: `mgmt-${randomUUID()}`,
      timestamp: Date.now(),
      source: "minecraft",
      payload: { eventType: event.type, seq: SEQ_PLACEHOLDER, data: event.data },
    };
    const player = "player" in event.data ? event.data.player : "";
    try {
      await this.options.store.add(toAsciiJson(envelope), event.type, player);
      this.options.onStored?.(1);
    } catch (error) {
      this.log.warn({ err: error, method }, "management event could not be stored; it is lost");
    }
  }
}
