// Bench-only tracing for scripts/bench/npc.ts (--trace): wraps the NPC service's parts from the
// outside (no production code knows about it) and records, per answered batch, when each phase
// ended, so the per-batch overhead can be split into: ingest (stored -> the first message in the
// NPC's queue), timer lateness (the batch's due time -> its flush), the history MULTI and, beside it,
// the wait for an LLM slot and the LLM call, the job add, the bridge (add -> tellraw completed) and the record MULTI.
// Also: GC pauses, the inbox and source readers' entries per XREADGROUP, and how many batches fire
// in the same millisecond.
import { PerformanceObserver } from "node:perf_hooks";
import { GroupReader } from "@mcp-bridge/shared/events";
import { Queue } from "bullmq";
import { NpcResponder } from "../../npc/src/conversation/responder.js";
import type { NpcService } from "../../npc/src/service.js";

/** GroupReader's private read loop, as readOnce(handler, loop, id) receives it. */
interface ReadLoop {
  connection: { call: (...a: unknown[]) => Promise<unknown> };
  streams: string[];
}

interface BatchTrace {
  npc: string;
  lines: number[];
  due?: number;
  queued?: number;
  fired: number;
  begun?: number;
  slot?: number;
  answered?: number;
  /** --tools: the model's read job (called, replied) and the second LLM call (slot, answered). */
  toolCalled?: number;
  toolReply?: number;
  slot2?: number;
  answered2?: number;
  addCalled?: number;
  added?: number;
  reply?: number;
  recorded?: number;
}

const now = () => Date.now();
/** Reads a model may call (--tools); get_nearby_mobs and get_server_info are also perception's. */
const MODEL_READS = new Set(["get_player_info", "get_online_players", "get_world_info"]);
const lineOf = (text: string) => Number(/#(\d+)/.exec(text)?.[1] ?? Number.NaN);

export class NpcTrace {
  /** message id -> [line n, enqueued at, the batch due then] */
  private readonly enqueued = new Map<string, [number, number, number]>();
  readonly batches = new Map<string, BatchTrace>();
  private readonly byLine = new Map<number, BatchTrace>();
  private readonly open = new Map<string, BatchTrace>();
  /** job id -> batch key */
  private readonly jobBatch = new Map<string, string>();
  /** line n -> when its source entry was delivered, its routing script returned, its inbox entry was handled */
  readonly ingest = new Map<number, { source: number; routed?: number; inbox?: number }>();
  private readonly gc: { kind: number; ms: number; at: number }[] = [];
  private readonly reads: Record<string, number[]> = {
    inbox: [],
    source: [],
    "source XREADGROUP wait": [],
    "source handling (route)": [],
    "inbox XREADGROUP wait": [],
    "inbox handling (route)": [],
  };
  private observer: PerformanceObserver | undefined;
  private active = false;

  constructor(service: NpcService) {
    const self = this;
    // The queue: when each message reached it; the batch's due time is the first one + delay.
    const proto = NpcResponder.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
    const enqueue = proto.enqueue!;
    proto.enqueue = function (this: NpcResponder, ...a: unknown[]) {
      const message = a[0] as { id: string; content: string };
      const at = now();
      const result = enqueue.call(this, message);
      const due = (this as unknown as { queue: { dueAt(): number | undefined } }).queue.dueAt();
      if (self.active) self.enqueued.set(message.id, [lineOf(message.content), at, due ?? at + 500]);
      return result;
    };
    // The history MULTI that opens a batch: the flush has just taken the batch (timer fired).
    const history = service.history;
    const beginBatch = history.beginBatch.bind(history);
    history.beginBatch = async (npcId, batch) => {
      const fired = now();
      const t: BatchTrace | undefined = self.active ? { npc: npcId, lines: [], fired } : undefined;
      if (t) {
        const enq = batch.ids.map((id) => self.enqueued.get(id)).filter((e) => e !== undefined);
        t.lines = enq.map((e) => e[0]);
        if (enq.length > 0) {
          t.due = Math.min(...enq.map((e) => e[2]));
          t.queued = Math.min(...enq.map((e) => e[1]));
        }
        self.batches.set(batch.key, t);
        for (const n of t.lines) self.byLine.set(n, t);
        self.open.set(npcId, t);
      }
      const result = await beginBatch(npcId, batch);
      if (t) t.begun = now();
      return result;
    };
    const append = history.append.bind(history);
    history.append = async (npcId, entries, answered = [], also) => {
      const result = await append(npcId, entries, answered, also);
      const t = self.open.get(npcId);
      if (t && answered.length > 0) {
        t.recorded = now();
        self.open.delete(npcId);
      }
      return result;
    };
    // LLM: chat() is called inside the semaphore, so its start is "slot acquired".
    const backend = service.backends.ollama;
    const chat = backend.chat.bind(backend);
    const byNpcOpen = new Map<string, BatchTrace>();
    backend.chat = async (request) => {
      const content = request.messages.at(-1)?.content ?? "";
      if (content.startsWith("BEGIN-TOOL-RESULTS")) {
        // The second call of a turn with tool calls: its batch is the one whose read job replied.
        const n = lineOf(request.messages.findLast((m) => !Number.isNaN(lineOf(m.content)))?.content ?? "");
        const t2 = self.byLine.get(n);
        if (t2) t2.slot2 = now();
        const result = await chat(request);
        if (t2) t2.answered2 = now();
        return result;
      }
      const n = lineOf(content);
      const t = self.byLine.get(n);
      if (t && t.slot === undefined) t.slot = now();
      else if (t) return chat(request); // a history summary
      const result = await chat(request);
      if (t) {
        t.answered = now();
        byNpcOpen.set(t.npc, t);
      }
      return result;
    };
    // The tellraw job: run() called, queue.add resolved, the reply back.
    const jobs = service.jobs;
    const run = jobs.run.bind(jobs);
    jobs.run = (async (serverId, op, args, client, timeoutMs, requestId) => {
      const npc = client.id.replace(/^npc:/, "");
      const t = byNpcOpen.get(npc);
      if (t && !requestId && MODEL_READS.has(op)) {
        // --tools: the model's read (perception reads run in the background, not on the path).
        t.toolCalled ??= now();
        const result = await run(serverId, op, args, client, timeoutMs, requestId);
        t.toolReply ??= now();
        return result;
      }
      if (t && requestId) {
        t.addCalled ??= now();
        self.jobBatch.set(requestId, npc);
      }
      const result = await run(serverId, op, args, client, timeoutMs, requestId);
      if (t) {
        t.reply ??= now();
        byNpcOpen.delete(npc);
      }
      return result;
    }) as typeof jobs.run;
    const add = Queue.prototype.add;
    Queue.prototype.add = async function (this: Queue, ...a: Parameters<Queue["add"]>) {
      const result = await add.apply(this, a);
      const npc = self.jobBatch.get(String(a[2]?.jobId));
      const t = npc ? byNpcOpen.get(npc) : undefined;
      if (t) t.added ??= now();
      return result;
    } as Queue["add"];
    // Ingest: the source entry handed to the fan-out, routed (its script returned), the inbox
    // entry handed to the owner's inbox.
    const internals = service as unknown as {
      readers: {
        options: {
          fanOut: { handle: (e: unknown) => Promise<void> };
          inbox: { handle: (e: unknown) => Promise<void> };
        };
      };
    };
    const { fanOut, inbox } = internals.readers.options;
    const fanOutHandle = fanOut.handle;
    const lineOfEntry = (e: unknown) => lineOf((e as { fields: string[] }).fields.join(" "));
    fanOut.handle = async (entry) => {
      const n = lineOfEntry(entry);
      const times = { source: now(), routed: undefined as number | undefined };
      if (self.active && !Number.isNaN(n)) self.ingest.set(n, times);
      await fanOutHandle(entry);
      times.routed = now();
    };
    // An owned inbox's entry is handed over inside the routing (before `routed`), others are read.
    const inboxHandle = inbox.handle;
    inbox.handle = async (entry) => {
      const times = self.ingest.get(lineOfEntry(entry));
      if (times) times.inbox ??= now();
      await inboxHandle(entry);
    };
    // Readers: entries per XREADGROUP (by which handler they went to).
    const g = GroupReader.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
    const readOnce = g.readOnce!;
    g.readOnce = async function (this: GroupReader, ...a: unknown[]) {
      const [handler, loop, id] = a as [unknown, ReadLoop, string];
      let count = 0;
      const counting = (entry: unknown) => {
        count++;
        return (handler as (e: unknown) => unknown)(entry);
      };
      const started = now();
      const connection = loop.connection;
      let replied = started;
      const call = connection.call;
      connection.call = async (...c: unknown[]) => {
        const r = await call.apply(connection, c);
        replied = now();
        return r;
      };
      const result = await readOnce.call(this, counting, loop, id);
      connection.call = call;
      const kind = loop.streams.length > 2 ? "inbox" : "source";
      if (self.active && count > 0) {
        self.reads[kind]!.push(count);
        self.reads[`${kind} XREADGROUP wait`]!.push(replied - started);
        self.reads[`${kind} handling (route)`]!.push(now() - replied);
      }
      return result;
    };
  }

  start(): void {
    this.active = true;
    this.observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const detail = (e as unknown as { detail?: { kind?: number } }).detail;
        this.gc.push({ kind: detail?.kind ?? 0, ms: e.duration, at: e.startTime });
      }
    });
    this.observer.observe({ entryTypes: ["gc"] });
  }

  stop(): void {
    this.active = false;
    this.observer?.disconnect();
  }

  /**
   * The breakdown, given when each line was stored and when each tellraw completed; `since`: only
   * the batches whose first line was stored at or after it (after a warm-up).
   */
  report(stored: Map<number, number>, completedByLine: Map<number, number>, since = 0): string {
    const out: string[] = [];
    const pct = (xs: number[], p: number) => {
      const s = [...xs].sort((a, b) => a - b);
      return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
    };
    const summary = (name: string, xs: number[]) =>
      `${name.padEnd(34)} p50 ${String(pct(xs, 50)).padStart(5)}  p90 ${String(pct(xs, 90)).padStart(5)}  p99 ${String(pct(xs, 99)).padStart(5)}  max ${String(pct(xs, 100)).padStart(5)}  (n ${xs.length})`;
    const phases: Record<string, number[]> = {};
    const push = (k: string, v: number | undefined) => {
      if (v === undefined || Number.isNaN(v)) return;
      const list = phases[k] ?? [];
      list.push(v);
      phases[k] = list;
    };
    const full: { t: BatchTrace; overhead: number; done: number; parts: Record<string, number> }[] = [];
    for (const t of this.batches.values()) {
      if (t.lines.length === 0) continue;
      const first = Math.min(...t.lines.map((n) => stored.get(n) ?? Number.POSITIVE_INFINITY));
      const done = Math.min(...t.lines.map((n) => completedByLine.get(n) ?? Number.POSITIVE_INFINITY));
      if (!Number.isFinite(first) || !Number.isFinite(done) || t.due === undefined || first < since) continue;
      const enqFirst = t.queued ?? Number.NaN;
      const parts: Record<string, number> = {
        "ingest (stored -> queued)": enqFirst - first,
        "due - stored - 500": t.due - first - 500,
        "timer late (due -> fired)": t.fired - t.due,
        "history MULTI (beginBatch)": (t.begun ?? Number.NaN) - t.fired,
        // The LLM is asked on the process's copy of the history while the MULTI runs (both from fired).
        "fired -> LLM slot": (t.slot ?? Number.NaN) - t.fired,
        "LLM call": (t.answered ?? Number.NaN) - (t.slot ?? Number.NaN),
        "fired -> LLM answered": (t.answered ?? Number.NaN) - t.fired,
        "LLM answered -> tool read replied": (t.toolReply ?? Number.NaN) - (t.answered ?? Number.NaN),
        "tool read replied -> 2nd LLM slot": (t.slot2 ?? Number.NaN) - (t.toolReply ?? Number.NaN),
        "2nd LLM call": (t.answered2 ?? Number.NaN) - (t.slot2 ?? Number.NaN),
        "fired -> add called": (t.addCalled ?? Number.NaN) - t.fired,
        "answered -> add called": (t.addCalled ?? Number.NaN) - (t.answered2 ?? t.answered ?? Number.NaN),
        "queue.add": (t.added ?? Number.NaN) - (t.addCalled ?? Number.NaN),
        "added -> tellraw completed": done - (t.added ?? Number.NaN),
        "completed -> reply": (t.reply ?? Number.NaN) - done,
        "reply -> recorded": (t.recorded ?? Number.NaN) - (t.reply ?? Number.NaN),
      };
      for (const [k, v] of Object.entries(parts)) push(k, v);
      full.push({ t, overhead: done - first - 500, done, parts });
    }
    const ingest: Record<string, number[]> = {
      "stored -> source read": [],
      "source read -> routed": [],
      "source read -> in the owner's inbox handler": [],
    };
    for (const [n, { source, routed, inbox }] of this.ingest) {
      const st = stored.get(n);
      if (st === undefined || inbox === undefined || routed === undefined) continue;
      ingest["stored -> source read"]!.push(source - st);
      ingest["source read -> routed"]!.push(routed - source);
      ingest["source read -> in the owner's inbox handler"]!.push(inbox - source);
    }
    for (const [k, v] of Object.entries(ingest)) if (v.length) out.push(summary(`  ${k}`, v));
    out.push(
      summary(
        "overhead (first stored -> done - 500)",
        full.map((f) => f.overhead),
      ),
    );
    for (const [k, v] of Object.entries(phases)) out.push(summary(k, v));
    // The slowest 1%: which phase took their time.
    const slow = full
      .sort((a, b) => b.overhead - a.overhead)
      .slice(0, Math.max(1, Math.ceil(full.length / 100)));
    const mean: Record<string, number> = {};
    for (const s of slow)
      for (const [k, v] of Object.entries(s.parts)) mean[k] = (mean[k] ?? 0) + v / slow.length;
    out.push(
      `slowest ${slow.length} batches (overhead ${slow.at(-1)?.overhead}-${slow[0]?.overhead} ms), mean per phase: ${Object.entries(
        mean,
      )
        .map(([k, v]) => `${k.split(" (")[0]} ${v.toFixed(0)}`)
        .join(", ")}`,
    );
    // GC pauses of this process while a batch was under way (its flush -> its tellraw completed):
    // do the slowest overlap more of them than the median batch?
    const pauses = this.gc.map((g) => ({
      start: performance.timeOrigin + g.at,
      end: performance.timeOrigin + g.at + g.ms,
    }));
    const gcDuring = (f: (typeof full)[number]) => {
      const [from, to] = [f.t.fired, f.done];
      return pauses
        .filter((g) => g.end > from && g.start < to)
        .reduce((a, g) => a + Math.min(g.end, to) - Math.max(g.start, from), 0);
    };
    const byOverhead = [...full].sort((a, b) => a.overhead - b.overhead);
    const middle = byOverhead.slice(Math.floor(full.length * 0.45), Math.ceil(full.length * 0.55));
    const meanGc = (list: typeof full) =>
      list.reduce((a, f) => a + gcDuring(f), 0) / Math.max(1, list.length);
    out.push(
      `GC of this process during a batch (flush -> completed), mean: slowest 1% ${meanGc(slow).toFixed(1)} ms, the middle 10% ${meanGc(middle).toFixed(1)} ms`,
    );
    // Bursts: batches that fired in the same 5 ms.
    const fires = [...this.batches.values()].map((t) => t.fired).sort((a, b) => a - b);
    const bursts: number[] = [];
    for (let i = 0; i < fires.length; ) {
      let j = i;
      while (j < fires.length && fires[j]! - fires[i]! <= 5) j++;
      bursts.push(j - i);
      i = j;
    }
    out.push(summary("batches firing within 5 ms of each other", bursts));
    out.push(summary("source reader entries per read", this.reads.source!));
    out.push(summary("inbox reader entries per read", this.reads.inbox!));
    for (const k of ["source XREADGROUP wait", "source handling (route)"])
      out.push(summary(`  ${k}`, this.reads[k]!));
    const gcMs = this.gc.map((g) => g.ms);
    out.push(
      `GC: ${this.gc.length} pauses, total ${gcMs.reduce((a, b) => a + b, 0).toFixed(0)} ms, max ${Math.max(0, ...gcMs).toFixed(1)} ms; major (mark-sweep) ${this.gc.filter((g) => g.kind === 4).length}, total ${this.gc
        .filter((g) => g.kind === 4)
        .reduce((a, g) => a + g.ms, 0)
        .toFixed(0)} ms`,
    );
    return out.join("\n");
  }
}
