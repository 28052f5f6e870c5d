/**
 * The log-tail event source of one server. In: the server's `logs/latest.log` (polled). Out: chat, join, quit and death events in the server's Redis Stream,
 * each line's event exactly once: every run of complete lines is committed together with the
 * position after it (LogPositionStore), and reading resumes from the stored position after a
 * restart. Rotation (latest.log renamed at server start-up), truncation, a partial last line and a
 * missing file are handled here; see docs/events-without-the-mod.md.
 */
import { type Logger, PROTOCOL_VERSION, toAsciiJson } from "@mcp-bridge/shared";
import type { EventSource } from "../sources/event-source.js";
import type { SourceArbiter } from "../sources/source-table.js";
import { findArchive, type LineRun, OpenLogFile } from "./log-file.js";
import { LogLineParser } from "./parse-line.js";
import type { LogEventRecord, LogPosition, LogPositionStore } from "./position-store.js";

export interface LogTailOptions {
  serverId: string;
  path: string;
  store: Pick<LogPositionStore, "load" | "commit">;
  logger: Logger;
  /**
   * How often to read what was appended. Polling, not fs.watch: a server that flushes every line
   * would wake a watcher a thousand times a second (that cost more CPU than the parsing), and
   * change notifications do not cross every mount (Docker Desktop, NFS). Default 40 ms: each poll
   * with new lines costs a timer wake-up and a Redis round trip whatever it reads, so fewer polls
   * cut the CPU per event, and 40 ms still keeps p99 under 50 ms at 1,000 lines/s
   * (docs/benchmarks.md, "Log tail").
   */
  pollMs?: number;
  /** How often a poll also checks for rotation and truncation. Default 250 ms. */
  checkMs?: number;
  /** Bytes read per commit. Default 256 KiB. */
  chunkBytes?: number;
  /** First start ever (no stored position): read the existing file from its start instead of its end. */
  fromStart?: boolean;
  /**
   * Which events are stored: nothing is read until `ready()` (the server's mode is known), and a
   * line whose type another source wins is read (the position moves on) but not stored. Default:
   * every event, at once.
   */
  arbiter?: Pick<SourceArbiter, "ready" | "wins">;
  /** Counts lines by outcome: event, other (known layout, not an event), unparsed (unknown layout). */
  onLines?: (outcome: "event" | "other" | "unparsed", count: number) => void;
  onStored?: (count: number) => void;
}

export class LogTailSource implements EventSource {
  readonly name = "log";
  private readonly parser = new LogLineParser();
  private position: LogPosition | undefined;
  private file: OpenLogFile | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private busy: Promise<void> | undefined;
  private again = false;
  private checkFile = false;
  private lastCheck = 0;
  private missingLogged = false;
  /**
   * True once latest.log was missing or had no complete line while no position was stored: when
   * it then appears, it is a new log and is read from its start (its first lines are this run's).
   */
  private sawNoLog = false;
  private readonly log: Logger;

  constructor(private readonly options: LogTailOptions) {
    this.log = options.logger.child({ serverId: options.serverId, source: "log" });
  }

  get active(): boolean {
    return this.running;
  }

  /** One line for get_server_info and /readyz. */
  get state(): string {
    if (!this.running) return "not running (this bridge does not hold the server)";
    if (!this.file) return `waiting for ${this.options.path}`;
    return `tailing ${this.options.path} at byte ${this.position?.offset ?? 0}`;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    const checkMs = this.options.checkMs ?? 250;
    this.timer = setInterval(() => {
      const now = Date.now();
      const check = now - this.lastCheck >= checkMs;
      if (check) this.lastCheck = now;
      else if (!this.busy && this.caughtUp()) return;
      void this.wake(check);
    }, this.options.pollMs ?? 40);
    this.timer.unref();
    this.wake();
  }

  /**
   * Nothing new to read: no file yet (looked for on check passes) or no byte past the stored
   * position. A fleet bridge tails many idle logs: a poll that finds nothing then costs one fstat.
   */
  private caughtUp(): boolean {
    if (!this.file || !this.position) return !this.file && this.position !== undefined;
    try {
      return this.file.size() <= this.position.offset;
    } catch {
      return false; // let the pass find out and report it
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    clearInterval(this.timer);
    await this.busy;
    await this.file?.close();
    this.file = undefined;
    this.position = undefined;
  }

  /**
   * Reads until caught up; resolves when the current pass is over (tests and benchmarks).
   * `check`: also look for rotation and truncation (every checkMs).
   */
  wake(check = true): Promise<void> {
    if (!this.running) return Promise.resolve();
    this.checkFile ||= check;
    if (this.busy) {
      this.again = true;
      return this.busy;
    }
    this.busy = (async () => {
      do {
        this.again = false;
        const checkFile = this.checkFile;
        this.checkFile = false;
        try {
          await this.pass(checkFile);
        } catch (error) {
          this.log.warn({ err: error }, "log tail pass failed; retrying at the next poll");
          await this.file?.close();
          this.file = undefined;
          this.position = undefined;
        }
      } while (this.again && this.running);
      // Cleared in the same synchronous step as the last `again` check, so a wake() can never
      // join a loop that has already decided to end.
      this.busy = undefined;
    })();
    return this.busy;
  }

  private async pass(checkFile: boolean): Promise<void> {
    if (this.options.arbiter && !this.options.arbiter.ready()) return;
    this.position ??= await this.options.store.load();
    // No log yet (or not one with a first line): looked for on check passes only, not every poll (a
    // fleet bridge tails many logs; an open, a stat and a read every 40 ms each added up).
    if (!this.file && (!checkFile || !(await this.openCurrent()))) return;
    const chunk = this.options.chunkBytes ?? 256 * 1024;
    while (this.running && this.file) {
      const file = this.file;
      if (checkFile && file.size() < this.position!.offset) {
        this.log.warn({ offset: this.position!.offset }, "log file was truncated; reading it from the start");
        await file.close();
        this.file = undefined;
        if (await this.openCurrent(true)) return this.pass(true);
        return;
      }
      const run = file.read(this.position!.offset, chunk);
      if (run) {
        if (!(await this.commit(run, file.identity))) return;
        if (!run.atEnd || checkFile) continue;
        return; // read to the end: the next poll reads on
      }
      if (!checkFile || !file.replaced()) return;
      // Rotated: the open handle still reads the old file; one more read drained it above.
      this.log.info("log file rotated; continuing with the new latest.log");
      await file.close();
      this.file = undefined;
      if (await this.openCurrent()) continue;
      return;
    }
  }

  /** Opens latest.log and decides where to read from; false when there is nothing to read yet. */
  private async openCurrent(truncated = false): Promise<boolean> {
    const file = await OpenLogFile.open(this.options.path);
    if (!file) {
      if (this.position!.file === "") this.sawNoLog = true;
      if (!this.missingLogged)
        this.log.info({ path: this.options.path }, "waiting for the log file to appear");
      this.missingLogged = true;
      return false;
    }
    this.missingLogged = false;
    const position = this.position!;
    if (truncated) {
      this.file = file;
      return this.commit({ lines: [], start: 0, end: 0 }, file.identity);
    }
    if (position.file === file.identity) {
      this.file = file;
      return true;
    }
    if (position.file === "") {
      // History is skipped only in a log that already had lines when first seen.
      const offset = this.options.fromStart || this.sawNoLog ? 0 : file.endOfLastLine();
      this.log.info({ path: file.path, offset }, "log tail starts (no stored position)");
      this.file = file;
      return this.commit({ lines: [], start: offset, end: offset }, file.identity);
    }
    // A different file: first finish the one the stored position belongs to, from its archive.
    const archived = await findArchive(this.options.path, position.file);
    if (archived && archived.length > position.offset) {
      const rest = archived.subarray(position.offset);
      const end = rest.lastIndexOf(0x0a);
      if (end >= 0) {
        const text = rest.toString("utf8", 0, end);
        const run: LineRun = {
          lines: text.split("\n").map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l)),
          start: position.offset,
          end: position.offset + end + 1,
        };
        if (!(await this.commit(run, position.file))) {
          await file.close();
          return false;
        }
        this.log.info({ lines: run.lines.length }, "read the rest of the rotated log from its archive");
      }
    } else if (!archived) {
      this.log.warn(
        { path: this.options.path },
        "the log file changed and the previous one is not among the archives; lines written after the last stored position may be missing",
      );
    }
    this.file = file;
    return this.commit({ lines: [], start: 0, end: 0 }, file.identity);
  }

  /** Commits a run of lines; false (after reloading the position) when another writer moved it. */
  private async commit(run: LineRun, identity: string): Promise<boolean> {
    const from = this.position!;
    const events: LogEventRecord[] = [];
    const { arbiter } = this.options;
    const now = Date.now();
    let other = 0;
    let unparsed = 0;
    for (const line of run.lines) {
      const parsed = this.parser.parse(line);
      if (parsed.kind === "unparsed") {
        if (line.length > 0) unparsed++;
        continue;
      }
      if (parsed.kind === "other") {
        other++;
        continue;
      }
      if (arbiter && !arbiter.wins("log", parsed.type)) continue;
      const seq = from.seq + events.length + 1;
      const envelope = {
        version: PROTOCOL_VERSION,
        type: "event",
        id: `log-${this.options.serverId}-${seq}`,
        timestamp: now,
        source: "minecraft",
        payload: { eventType: parsed.type, seq, data: parsed.data },
      };
      events.push({ json: toAsciiJson(envelope), type: parsed.type, player: parsed.data.player });
    }
    const to = { file: identity, offset: run.end };
    const result = await this.options.store.commit(from, to, events, now);
    if (!result.ok) {
      this.log.warn(
        { stored: result.stored },
        "log position moved elsewhere (another bridge?); re-reading it",
      );
      this.position = result.stored;
      await this.file?.close();
      this.file = undefined;
      return false;
    }
    this.position = { ...to, seq: from.seq + events.length };
    const { onLines, onStored } = this.options;
    if (events.length > 0) {
      onLines?.("event", events.length);
      onStored?.(events.length);
    }
    if (other > 0) onLines?.("other", other);
    if (unparsed > 0) onLines?.("unparsed", unparsed);
    return true;
  }
}
