/**
 * RCON client for one Minecraft server.
 * In: command text. Out: the server's whole answer as a string, or a BridgeError:
 * INVALID_ARGS (too long, before sending), CONNECTION_ERROR (details.sent says whether the bytes
 * were written), TIMEOUT (details.sent), AUTH_FAILED.
 * ONE request is in flight per connection; the rest wait in FIFO order. The answer may come in
 * several pieces with no end marker (vanilla: 4096 UTF-16 chars; NeoForge: 4096 UTF-8 bytes), so
 * when the first piece could be a full one, a probe packet of an unknown type goes out; the server
 * answers it after the last piece, which closes the answer. A first piece of at most
 * LAST_PIECE_MAX_BYTES cannot be full under either rule (a full vanilla piece has at least 4096
 * bytes; a full NeoForge piece, even cut at a character boundary, at least 4093), so it is the
 * whole answer and the probe's round trip is saved.
 */
import { EventEmitter } from "node:events";
import {
  type Backoff,
  type BackoffOptions,
  BridgeError,
  backoff,
  createLogger,
  type Logger,
  sleep,
} from "../index.js";
import { RconConnection } from "./connection.js";
import { encodePacket, MAX_REQUEST_PAYLOAD_BYTES, PacketType, type RconPacket } from "./packet.js";

/** The longest first piece that is certainly the last one (see the header). */
const LAST_PIECE_MAX_BYTES = 4092;

export interface RconClientOptions {
  host: string;
  port: number;
  password: string;
  /** Per request (and per connect + login), default 10,000 ms. */
  timeoutMs?: number;
  /** Reconnect backoff; default unlimited attempts (a bridge runs for a long time). */
  reconnect?: BackoffOptions;
  logger?: Logger;
}

interface PendingCommand {
  bytes: Buffer;
  resolve(answer: string): void;
  reject(error: BridgeError): void;
  timer: NodeJS.Timeout;
  sent: boolean;
  id: number;
  probeId: number;
  pieces: Buffer[];
}

const MAX_ID = 0x7fffffff;

export class RconClient extends EventEmitter {
  private readonly timeoutMs: number;
  private readonly backoff: Backoff;
  private readonly logger: Logger;
  private readonly stopper = new AbortController();
  private connection: RconConnection | undefined;
  private connecting: Promise<void> | undefined;
  private reconnecting: Promise<void> | undefined;
  private queue: PendingCommand[] = [];
  private inFlight: PendingCommand | undefined;
  private lastId = 0;
  private running = false;
  private closed = false;

  constructor(private readonly options: RconClientOptions) {
    super();
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.backoff = backoff(options.reconnect);
    this.logger = (options.logger ?? createLogger({ name: "rcon" })).child({
      rcon: `${options.host}:${options.port}`,
    });
  }

  get connected(): boolean {
    return this.connection !== undefined;
  }

  /** Connects and keeps reconnecting after drops; resolves on the first login. */
  start(): Promise<void> {
    this.running = true;
    return this.connectWithRetry(undefined);
  }

  /** One attempt: TCP connect + login. */
  connect(): Promise<void> {
    if (this.closed) return Promise.reject(this.closedError(false));
    if (this.connection) return Promise.resolve();
    this.connecting ??= RconConnection.open(
      {
        host: this.options.host,
        port: this.options.port,
        password: this.options.password,
        timeoutMs: this.timeoutMs,
      },
      this.nextId(),
      { onPacket: (packet) => this.onPacket(packet), onClose: (error) => this.onClose(error) },
    )
      .then((connection) => {
        if (this.closed) {
          connection.shutdown(this.closedError(false));
          throw this.closedError(false);
        }
        this.connection = connection;
        this.logger.info("RCON connected and logged in");
        this.emit("connected");
      })
      .finally(() => {
        this.connecting = undefined;
      });
    return this.connecting;
  }

  command(text: string, options: { timeoutMs?: number } = {}): Promise<string> {
    const bytes = Buffer.from(text, "utf8");
    if (bytes.length > MAX_REQUEST_PAYLOAD_BYTES) {
      return Promise.reject(
        new BridgeError(
          "INVALID_ARGS",
          `command is ${bytes.length} bytes as UTF-8; RCON accepts at most ${MAX_REQUEST_PAYLOAD_BYTES}: shorten it`,
          { details: { bytes: bytes.length, max: MAX_REQUEST_PAYLOAD_BYTES, sent: false } },
        ),
      );
    }
    if (bytes.includes(0)) {
      return Promise.reject(
        new BridgeError(
          "INVALID_ARGS",
          "command contains a NUL character, which RCON cannot carry: remove it",
          {
            details: { sent: false },
          },
        ),
      );
    }
    if (this.closed) return Promise.reject(this.closedError(false));
    if (!this.connection) {
      return Promise.reject(
        new BridgeError("CONNECTION_ERROR", "RCON is not connected; retry when the server is back", {
          details: { sent: false },
        }),
      );
    }
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    return new Promise<string>((resolve, reject) => {
      const pending: PendingCommand = {
        bytes,
        resolve,
        reject,
        sent: false,
        id: 0,
        probeId: 0,
        pieces: [],
        timer: setTimeout(() => this.onTimeout(pending, timeoutMs), timeoutMs),
      };
      this.queue.push(pending);
      this.pump();
    });
  }

  /** Closes the connection and fails every waiting request with CONNECTION_ERROR. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.running = false;
    this.stopper.abort();
    this.failAll(this.closedError(false));
    this.connection?.shutdown(this.closedError(false));
    await this.connecting?.catch(() => undefined);
    await this.reconnecting?.catch(() => undefined);
  }

  private pump(): void {
    if (this.inFlight || !this.connection) return;
    const next = this.queue.shift();
    if (!next) return;
    next.id = this.nextId();
    this.inFlight = next;
    next.sent = true;
    this.connection.write(encodePacket(next.id, PacketType.COMMAND, next.bytes));
  }

  private onPacket(packet: RconPacket): void {
    const current = this.inFlight;
    if (current && packet.id === current.id) {
      current.pieces.push(packet.payload);
      if (current.pieces.length === 1) {
        if (packet.payload.length <= LAST_PIECE_MAX_BYTES) {
          this.complete(current);
          return;
        }
        current.probeId = this.nextId();
        this.connection?.write(encodePacket(current.probeId, PacketType.PROBE, ""));
      }
      return;
    }
    if (current && current.probeId !== 0 && packet.id === current.probeId) {
      this.complete(current);
      return;
    }
    this.logger.warn(
      { id: packet.id, type: packet.type, bytes: packet.payload.length },
      "RCON packet for no request; ignored",
    );
  }

  private complete(current: PendingCommand): void {
    this.inFlight = undefined;
    clearTimeout(current.timer);
    // Decode once: pieces may split a multi-byte UTF-8 character.
    current.resolve(Buffer.concat(current.pieces).toString("utf8"));
    this.pump();
  }

  private onTimeout(pending: PendingCommand, timeoutMs: number): void {
    const queued = this.queue.indexOf(pending);
    if (queued >= 0) this.queue.splice(queued, 1);
    const message = pending.sent
      ? `no complete RCON answer within ${timeoutMs} ms; the command may have run; the connection is reset`
      : `RCON request waited ${timeoutMs} ms in the queue and was not sent`;
    pending.reject(new BridgeError("TIMEOUT", message, { details: { sent: pending.sent, timeoutMs } }));
    if (this.inFlight === pending) {
      this.inFlight = undefined;
      // A late answer would be taken for the next request's: start over on a fresh connection.
      this.connection?.shutdown(new BridgeError("CONNECTION_ERROR", `reset after a ${timeoutMs} ms timeout`));
    }
  }

  private onClose(error: BridgeError): void {
    this.connection = undefined;
    this.failAll(error);
    if (this.closed) return;
    this.logger.warn({ err: error }, "RCON connection lost");
    this.emit("disconnected", error);
    if (this.running) {
      this.connectWithRetry(error).catch((final) =>
        this.logger.error({ err: final }, "RCON reconnect gave up; commands fail until restart"),
      );
    }
  }

  /** Connects; on failure retries with backoff until connected, closed, gave up or AUTH_FAILED. */
  private connectWithRetry(lastError: BridgeError | undefined): Promise<void> {
    this.reconnecting ??= (async () => {
      let error = lastError ?? (await this.tryConnect());
      for (let attempt = 1; error; attempt++) {
        const delayMs = this.backoff.delay(attempt);
        if (delayMs === undefined) throw error;
        this.logger.warn({ attempt, delayMs, err: error }, "RCON reconnecting");
        this.emit("reconnecting", { attempt, delayMs, error });
        await sleep(delayMs, this.stopper.signal).catch(() => undefined);
        error = await this.tryConnect();
      }
    })().finally(() => {
      this.reconnecting = undefined;
    });
    return this.reconnecting;
  }

  /** One attempt; undefined when connected, the error when worth retrying; throws when not. */
  private async tryConnect(): Promise<BridgeError | undefined> {
    if (this.closed) throw this.closedError(false);
    try {
      await this.connect();
      return undefined;
    } catch (failure) {
      const error = BridgeError.from(failure, "CONNECTION_ERROR");
      if (error.code === "AUTH_FAILED" || error.code === "INVALID_ARGS" || this.closed) throw error;
      return error;
    }
  }

  private failAll(cause: BridgeError): void {
    const inFlight = this.inFlight;
    this.inFlight = undefined;
    const waiting = this.queue;
    this.queue = [];
    for (const pending of inFlight ? [inFlight, ...waiting] : waiting) {
      clearTimeout(pending.timer);
      const message = pending.sent
        ? `RCON connection dropped after the command was sent (${cause.message}); it may have run`
        : `RCON connection dropped before the command was sent (${cause.message}); safe to retry`;
      pending.reject(
        new BridgeError("CONNECTION_ERROR", message, { cause, details: { sent: pending.sent } }),
      );
    }
  }

  private closedError(sent: boolean): BridgeError {
    return new BridgeError("CONNECTION_ERROR", "RCON client is closed", { details: { sent } });
  }

  private nextId(): number {
    this.lastId = this.lastId >= MAX_ID ? 1 : this.lastId + 1;
    return this.lastId;
  }
}
