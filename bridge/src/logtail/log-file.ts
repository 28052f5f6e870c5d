/**
 * Reading `latest.log` by byte offset. In: a path. Out: runs of COMPLETE lines (a line is complete
 * once its `\n` is written; a partial last line is left for the next read) with the byte offsets
 * they span, and the file's identity: `<inode>.<birth time>:<hash of its first line>`. The inode tells a new file
 * from the old one while both exist; the first line (vanilla starts every log with a timestamped
 * line) tells them apart after the old one was renamed and compressed, and finds it again among
 * the archives (`yyyy-MM-dd-N.log.gz`) when the bridge was down during a rotation.
 *
 * The reads of a poll (read, fstat, stat) are synchronous: on a local file they return from the
 * page cache in microseconds, while each asynchronous one is a round trip through libuv's thread
 * pool (a worker woken, the event loop woken again) that cost more CPU than parsing the lines it
 * returned (docs/benchmarks.md, "Log tail"). The price: a file system that stalls (a hung network
 * mount) stalls the event loop with it, so the log must be on a disk or volume that answers.
 */
import { createHash } from "node:crypto";
import { fstatSync, readSync, statSync } from "node:fs";
import { type FileHandle, open, readdir, readFile, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { gunzipSync } from "node:zlib";

const HEAD_MAX = 4096;
const ARCHIVE = /^\d{4}-\d{2}-\d{2}-\d+\.log(\.gz)?$/;

export interface LineRun {
  lines: string[];
  start: number;
  end: number;
  /** True when the read reached the end of the file (no need to read again before new data). */
  atEnd?: boolean;
}

/** The hash part of an identity (what an archive of the file still has). */
function headOf(identity: string): string {
  return identity.slice(identity.indexOf(":") + 1);
}

function headHash(bytes: Buffer): string | undefined {
  const nl = bytes.indexOf(0x0a);
  if (nl < 0) return undefined;
  return createHash("sha1").update(bytes.subarray(0, nl)).digest("hex").slice(0, 20);
}

/** Complete lines of `buffer` (which starts at `start`); `\r\n` ends are accepted. */
function completeLines(buffer: Buffer, start: number): LineRun | undefined {
  const last = buffer.lastIndexOf(0x0a);
  if (last < 0) return undefined;
  const text = buffer.toString("utf8", 0, last);
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.endsWith("\r")) lines[i] = line.slice(0, -1);
  }
  return { lines, start, end: start + last + 1 };
}

export class OpenLogFile {
  private buffer = Buffer.alloc(0);

  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
    readonly ino: number,
    readonly identity: string,
  ) {}

  /** Opens the file; undefined when it does not exist or has no complete first line yet. */
  static async open(path: string): Promise<OpenLogFile | undefined> {
    let handle: FileHandle;
    try {
      handle = await open(path, "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    try {
      const { ino, birthtimeMs } = await handle.stat();
      const head = Buffer.alloc(HEAD_MAX);
      const { bytesRead } = await handle.read(head, 0, HEAD_MAX, 0);
      const hash = headHash(head.subarray(0, bytesRead));
      if (hash === undefined) {
        await handle.close();
        return undefined;
      }
      // Birth time (where the file system has one) tells a new file from an old one whose inode it reused.
      return new OpenLogFile(path, handle, ino, `${ino}.${Math.round(birthtimeMs)}:${hash}`);
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw error;
    }
  }

  size(): number {
    return fstatSync(this.handle.fd).size;
  }

  /** Complete lines from `offset`, reading at most `maxBytes` (a longer line is read whole). */
  read(offset: number, maxBytes: number): LineRun | undefined {
    let want = maxBytes;
    for (;;) {
      // One buffer per file, reused: a fresh 256 KiB per read cost more than the parsing.
      if (this.buffer.length < want) this.buffer = Buffer.allocUnsafe(want);
      const bytesRead = readSync(this.handle.fd, this.buffer, 0, want, offset);
      if (bytesRead === 0) return undefined;
      const run = completeLines(this.buffer.subarray(0, bytesRead), offset);
      if (run) run.atEnd = bytesRead < want;
      if (run || bytesRead < want) return run;
      want *= 2; // one line longer than the chunk: read more
    }
  }

  /** Offset just after the last complete line (where a first start at the end begins). */
  endOfLastLine(): number {
    const size = this.size();
    const tail = Math.min(size, 64 * 1024);
    const buffer = Buffer.alloc(tail);
    readSync(this.handle.fd, buffer, 0, tail, size - tail);
    const last = buffer.lastIndexOf(0x0a);
    return last < 0 ? size - tail : size - tail + last + 1;
  }

  /** True when `path` now names another file (rotated) or nothing. */
  replaced(): boolean {
    try {
      return statSync(this.path).ino !== this.ino;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }
}

/**
 * The content of the archived log whose first line matches `identity`, searched among the newest
 * few `yyyy-MM-dd-N.log[.gz]` beside `latestPath`; undefined when none matches.
 */
export async function findArchive(latestPath: string, identity: string): Promise<Buffer | undefined> {
  const dir = dirname(latestPath);
  const wanted = headOf(identity);
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => ARCHIVE.test(n) && n !== basename(latestPath));
  } catch {
    return undefined;
  }
  const dated = await Promise.all(
    names.map(async (n) => ({
      path: join(dir, n),
      mtime: (await stat(join(dir, n)).catch(() => undefined))?.mtimeMs ?? 0,
    })),
  );
  dated.sort((a, b) => b.mtime - a.mtime);
  for (const { path } of dated.slice(0, 5)) {
    try {
      const raw = await readFile(path);
      const content = path.endsWith(".gz") ? gunzipSync(raw) : raw;
      if (headHash(content.subarray(0, HEAD_MAX)) === wanted) return content;
    } catch {
      // unreadable or half-written archive: try the next
    }
  }
  return undefined;
}
