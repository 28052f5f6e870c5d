/**
 * One mod connection on /events. In: text frames (first a session_hello query, then event
 * envelopes). Out: a hello response {version, lastSeq}, cumulative acks {ackSeq} sent only after
 * the events are stored, and an `error` envelope for every bad frame (the connection stays open,
 * docs/properties.md, #12). Frames that arrive in the same tick are stored as one batch; one batch is in
 * flight at a time, so storage and acks stay in seq order.
 *
 * Close codes: 4401 after AUTH_FAILED (token does not belong to the server named in the hello),
 * 1002 when no protocol MAJOR is shared, 4409 when a newer session replaced this one, 1011 when
 * storage failed (the mod replays its unacknowledged events after reconnecting), 1008 when the
 * mod sends far more than it lets the bridge acknowledge, 4422 after a refused seq.
 *
 * A seq that would skip seqs the emitter may still send (a jump past lastSeq + 1 that its hello's
 * resumeSeq does not cover), or that its hello declared gone, is refused with SCHEMA_ERROR (field
 * payload.seq), counted (events_refused_total) and logged, and the session ends with 4422. Storing
 * it would make the cumulative ack cover events never stored, and the mod's outbox would drop them.
 * Nothing after the refused frame is acknowledged: the mod says hello again, learns the stored
 * lastSeq, and replays; a gap from its own outbox drops is then declared by the new resumeSeq.
 */
import {
  BridgeError,
  eventPlayer,
  makeError,
  makeResponse,
  negotiateVersion,
  parseJson,
  parseSessionHello,
  toAsciiJson,
} from "@mcp-bridge/shared";
import type { Logger } from "pino";
import type { BridgeMetrics } from "../ops/metrics.js";
import { secretsEqual } from "./auth.js";
import type { AppendResult, EventStore, StoredEvent } from "./event-store.js";
import { readEvent } from "./read-event.js";

export type EventMetrics = Pick<
  BridgeMetrics,
  "eventsIn" | "eventsOut" | "eventsDuplicate" | "eventsDropped" | "eventsRefused" | "eventLag"
>;

export interface SessionTransport {
  send(text: string): void;
  close(code: number, reason: string): void;
}

export interface SessionOptions {
  /** serverId -> eventsToken. */
  tokens: ReadonlyMap<string, string>;
  /** The bearer token the connection presented at the upgrade. */
  token: string | undefined;
  store: EventStore;
  logger: Logger;
  metrics: EventMetrics;
  /** Stream key of a server, for the audit log's destination. */
  destination: (serverId: string) => string;
  /** Called once the hello is accepted; the registry closes an older session of the server. */
  onOpen: (session: EventSession) => void;
  maxBatch?: number;
  maxPending?: number;
}

/** Close code after a refused seq: the emitter reconnects, says hello again and replays. */
const SEQ_REFUSED_CLOSE = 4422;

interface PendingEvent extends StoredEvent {
  id: string;
  timestamp: number;
}

type State = "new" | "hello" | "open" | "closed";

/** The id to answer a bad frame with: its own id when readable, else "invalid". */
function frameId(text: string): string {
  try {
    const id = (parseJson(text) as { id?: unknown } | null)?.id;
    return typeof id === "string" && id.length > 0 && id.length <= 128 ? id : "invalid";
  } catch {
    return "invalid";
  }
}

export class EventSession {
  serverId: string | undefined;
  lastSeq = 0;
  lastEventAt: number | undefined;
  private state: State = "new";
  private epoch = "";
  private early: string[] = [];
  private pending: PendingEvent[] = [];
  private flushing = false;
  private scheduled = false;
  private readonly maxBatch: number;
  private readonly maxPending: number;

  constructor(
    private readonly transport: SessionTransport,
    private readonly options: SessionOptions,
  ) {
    this.maxBatch = options.maxBatch ?? 500;
    this.maxPending = options.maxPending ?? 20_000;
  }

  get isOpen(): boolean {
    return this.state === "open";
  }

  /** Handles one frame; never throws. */
  handleFrame(data: Buffer | string, isBinary = false): void {
    if (this.state === "closed") return;
    const text = typeof data === "string" ? data : data.toString("utf8");
    try {
      if (isBinary) {
        throw new BridgeError("SCHEMA_ERROR", "Binary frames are not accepted; send JSON as a text frame", {
          details: { field: "(message)", reason: "binary frame" },
        });
      }
      if (this.state === "new") this.startHello(text);
      else if (this.state === "hello") this.buffer(text);
      else this.acceptEvent(text);
    } catch (error) {
      this.reject(text, error);
    }
  }

  close(code: number, reason: string): void {
    if (this.state === "closed") return;
    this.state = "closed";
    this.pending = [];
    this.early = [];
    this.transport.close(code, reason);
  }

  private reject(text: string, error: unknown): void {
    const bridgeError = BridgeError.from(error, "SCHEMA_ERROR");
    this.options.logger.warn(
      { serverId: this.serverId, code: bridgeError.code, details: bridgeError.details },
      `event frame rejected: ${bridgeError.message}`,
    );
    this.sendEnvelope(makeError(frameId(text), bridgeError, "mcp"));
  }

  private sendEnvelope(envelope: unknown): void {
    if (this.state !== "closed") this.transport.send(toAsciiJson(envelope));
  }

  private buffer(text: string): void {
    if (this.early.length >= this.maxPending) {
      this.close(1008, "too many frames before the hello was answered");
      return;
    }
    this.early.push(text);
  }

  private startHello(text: string): void {
    const hello = parseSessionHello(text);
    const { serverId, epoch, protocolVersions, droppedEvents, resumeSeq } = hello.payload.args;
    const expected = this.options.tokens.get(serverId);
    if (expected === undefined || !secretsEqual(this.options.token, expected)) {
      this.options.logger.warn({ serverId }, "event session refused: token does not match the server id");
      this.sendEnvelope(
        makeError(
          hello.id,
          new BridgeError("AUTH_FAILED", `The bearer token is not the events token of server '${serverId}'`),
          "mcp",
        ),
      );
      this.close(4401, "AUTH_FAILED");
      return;
    }
    const version = negotiateVersion(protocolVersions);
    if (version === undefined) {
      this.options.logger.warn(
        { serverId, protocolVersions },
        "event session refused: no common protocol MAJOR",
      );
      this.sendEnvelope(
        makeError(
          hello.id,
          new BridgeError(
            "SCHEMA_ERROR",
            `No common protocol version: the mod offers ${protocolVersions.join(", ")}`,
            { details: { field: "payload.args.protocolVersions", reason: "no common major version" } },
          ),
          "mcp",
        ),
      );
      this.close(1002, "no common protocol version");
      return;
    }
    this.state = "hello";
    this.serverId = serverId;
    this.epoch = epoch;
    this.options.store.hello(serverId, epoch, droppedEvents ?? 0, resumeSeq ?? 0).then(
      ({ lastSeq, newlyDropped }) => {
        if (this.state === "closed") return;
        this.lastSeq = lastSeq;
        if (newlyDropped > 0) this.options.metrics.eventsDropped.inc({ serverId }, newlyDropped);
        this.state = "open";
        this.options.onOpen(this);
        this.options.logger.info({ serverId, epoch, version, lastSeq }, "event session open");
        this.sendEnvelope(makeResponse(hello.id, { version, lastSeq }, "mcp"));
        const early = this.early;
        this.early = [];
        for (const frame of early) this.handleFrame(frame);
      },
      (error: unknown) => this.storageFailed(error),
    );
  }

  private acceptEvent(text: string): void {
    const { event, json } = readEvent(text);
    const serverId = this.serverId!;
    this.options.metrics.eventsIn.inc({ serverId });
    if (this.pending.length >= this.maxPending) {
      this.close(1008, "too many unacknowledged events; wait for acks");
      return;
    }
    this.pending.push({
      id: event.id,
      timestamp: event.timestamp,
      seq: event.payload.seq,
      json,
      type: event.payload.eventType,
      player: eventPlayer(event.payload),
    });
    if (!this.scheduled && !this.flushing) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        void this.flush();
      });
    }
  }

  private async flush(): Promise<void> {
    if (this.flushing || this.state !== "open" || this.pending.length === 0) return;
    this.flushing = true;
    const serverId = this.serverId!;
    const batch = this.pending.splice(0, this.maxBatch);
    try {
      const result = await this.options.store.append(serverId, this.epoch, batch, Date.now());
      if (!result.current) {
        this.close(4409, "a newer session of this server took over");
        return;
      }
      const looked = result.refused ? batch.slice(0, result.refused.index) : batch;
      this.recordStored(serverId, looked, result.duplicates, result.gaps);
      this.lastSeq = result.lastSeq;
      const last = looked[looked.length - 1];
      if (last) this.sendEnvelope(makeResponse(last.id, { ackSeq: result.lastSeq }, "mcp"));
      if (result.refused) this.refuseSeq(batch[result.refused.index]!, result);
    } catch (error) {
      this.storageFailed(error);
    } finally {
      this.flushing = false;
    }
    if (this.pending.length > 0) void this.flush();
  }

  private recordStored(serverId: string, batch: PendingEvent[], duplicates: number, gaps: number): void {
    const { metrics, logger } = this.options;
    const storedAt = Date.now();
    const debug = logger.isLevelEnabled("debug");
    const destination = this.options.destination(serverId);
    let running = this.lastSeq;
    let stored = 0;
    for (const e of batch) {
      if (e.seq <= running) continue;
      running = e.seq;
      stored++;
      metrics.eventLag.observe({ serverId }, Math.max(0, storedAt - e.timestamp) / 1000);
      if (debug) {
        logger.debug(
          {
            type: e.type,
            seq: e.seq,
            source: `minecraft:${serverId}`,
            destination,
            lagMs: storedAt - e.timestamp,
          },
          "event forwarded",
        );
      }
    }
    if (stored > 0) {
      metrics.eventsOut.inc({ serverId }, stored);
      this.lastEventAt = storedAt;
    }
    if (duplicates > 0) metrics.eventsDuplicate.inc({ serverId }, duplicates);
    if (gaps > 0) {
      metrics.eventsDropped.inc({ serverId }, gaps);
      logger.warn({ serverId, gaps, lastSeq: running }, "events missing: seq gap in the mod's stream");
    }
  }

  /** Answers the refused frame, counts and logs it, and ends the session (nothing later is acked). */
  private refuseSeq(event: PendingEvent, result: AppendResult): void {
    const serverId = this.serverId!;
    const { reason, resumeSeq } = result.refused!;
    const why =
      reason === "undeclared_gap"
        ? `skips seqs ${result.lastSeq + 1}..${event.seq - 1}, which the stored lastSeq ${result.lastSeq} and ` +
          `the hello's resumeSeq ${resumeSeq} say you may still hold`
        : `is below the resumeSeq ${resumeSeq} your hello declared (seqs below it were acknowledged or dropped)`;
    const error = new BridgeError(
      "SCHEMA_ERROR",
      `Event seq ${event.seq} ${why}; it is not stored and the session ends. Reconnect, say hello with ` +
        "resumeSeq = the lowest seq you still hold, and send from the hello's lastSeq + 1 in order.",
      {
        details: {
          field: "payload.seq",
          reason,
          seq: event.seq,
          lastSeq: result.lastSeq,
          resumeSeq,
        },
      },
    );
    this.options.metrics.eventsRefused.inc({ serverId, reason });
    this.options.logger.error(
      { serverId, epoch: this.epoch, seq: event.seq, lastSeq: result.lastSeq, resumeSeq, reason },
      "event seq refused; ending the session so later events are not lost behind it",
    );
    this.sendEnvelope(makeError(event.id, error, "mcp"));
    this.close(SEQ_REFUSED_CLOSE, "seq refused; say hello again");
  }

  private storageFailed(error: unknown): void {
    this.options.logger.error(
      { serverId: this.serverId, err: error },
      "event storage failed; closing so the mod replays",
    );
    this.sendEnvelope(
      makeError(
        "storage",
        new BridgeError("CONNECTION_ERROR", "Events could not be stored in Redis; reconnect and replay", {
          cause: error,
        }),
        "mcp",
      ),
    );
    this.close(1011, "event storage failed");
  }
}
