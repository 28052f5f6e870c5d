/**
 * Test support: a protocol-faithful Bitburner. A real WebSocket CLIENT that connects to our server
 * and answers like the game's Remote API: `{jsonrpc, id, result}` or `{jsonrpc, id, error: string}`,
 * the game's path rules, no reply at all to a frame that is not JSON, "Unknown message received" for
 * methods the version lacks. `version` picks a release (game-rules.ts): its extensions, methods and
 * error strings (2.6.0's are bitburner-src v2.6.0 src/RemoteFileAPI/MessageHandlers.ts, kept until
 * the handlers were reworded for 3.0). Replies can be held
 * back and released in any order; `sendRaw` sends anything (hostile frames).
 */
import { WebSocket } from "ws";
import { netscriptDefinitions } from "./definitions-fixture.js";
import { atLeast, type GameVersion, gameResolvePath, isContentFile, isScript } from "./game-rules.js";

export type { GameVersion };

interface Frame {
  id?: unknown;
  method?: unknown;
  params?: Record<string, unknown>;
}

interface StoredFile {
  content: string;
  btime: number;
  mtime: number;
}

const STRINGS_2_6 = {
  missing: () => "Misses parameters",
  missingOther: () => "Message misses parameters",
  path: () => "Invalid file path",
  pathDelete: () => "Invalid filename",
  host: () => "Server hostname invalid",
  ext: () => "Invalid file extension",
  notFound: () => "File doesn't exist",
  notScript: () => "Filename isn't a script filename",
};
const STRINGS = {
  "2.6.0": STRINGS_2_6,
  "2.6.1": STRINGS_2_6,
  "2.8": STRINGS_2_6,
  "3.0": {
    missing: () => "Missing params",
    missingOther: () => "Missing params",
    path: (f: string) => `Invalid file path: ${f}`,
    pathDelete: (f: string) => `Invalid file path: ${f}`,
    host: (s: string) => `Invalid hostname: ${s}`,
    ext: (f: string) => `Invalid file extension: ${f}`,
    notFound: (f: string) => `File does not exist. Filename: ${f}`,
    notScript: (f: string) => `Filename is not a script: ${f}`,
  },
};

export interface FakeGameOptions {
  version?: GameVersion;
  definitions?: string;
  /** Extra servers besides home (which always exists). */
  servers?: string[];
  /** The Origin header a browser would send (none by default, like a non-browser client). */
  origin?: string;
}

export class FakeGame {
  readonly version: GameVersion;
  readonly servers = new Map<string, Map<string, StoredFile>>();
  /** Every frame received, as text. */
  readonly received: string[] = [];
  readonly definitions: string;
  private holding = false;
  private held: { id: unknown; reply: string }[] = [];
  private silent = new Set<string>();
  private constructor(
    readonly socket: WebSocket,
    options: FakeGameOptions,
  ) {
    this.version = options.version ?? "3.0";
    this.definitions = options.definitions ?? netscriptDefinitions();
    for (const host of ["home", ...(options.servers ?? ["n00dles", "foodnstuff"])])
      this.servers.set(host, new Map());
    socket.on("message", (data) => this.onFrame(data.toString()));
  }

  static connect(url: string, options: FakeGameOptions = {}): Promise<FakeGame> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, options.origin === undefined ? {} : { origin: options.origin });
      socket.once("open", () => resolve(new FakeGame(socket, options)));
      socket.once("error", reject);
    });
  }

  file(name: string, server = "home"): string | undefined {
    return this.servers.get(server)?.get(name)?.content;
  }

  putFile(name: string, content: string, server = "home"): void {
    const now = Date.now();
    this.servers.get(server)!.set(name, { content, btime: now, mtime: now });
  }

  /** Keeps replies until release(order) sends them. */
  hold(): void {
    this.holding = true;
  }

  /** Sends held replies; "reverse" answers the last request first. */
  release(order: "reverse" | "forward" = "reverse"): void {
    this.holding = false;
    const replies = order === "reverse" ? [...this.held].reverse() : this.held;
    this.held = [];
    for (const r of replies) this.socket.send(r.reply);
  }

  heldCount(): number {
    return this.held.length;
  }

  /** Requests for this method get no reply at all (like a malformed frame). */
  ignore(method: string): void {
    this.silent.add(method);
  }

  sendRaw(data: string | Buffer): void {
    this.socket.send(data);
  }

  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once("close", () => resolve());
      this.socket.close();
    });
  }

  /** Resolves when the server closes this connection (e.g. replaced by a newer one). */
  closed(): Promise<number> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve(-1);
    return new Promise((resolve) => this.socket.once("close", (code) => resolve(code)));
  }

  private onFrame(text: string): void {
    this.received.push(text);
    let frame: Frame;
    try {
      frame = JSON.parse(text) as Frame;
    } catch {
      return; // the game throws inside its handler: no reply
    }
    if (typeof frame !== "object" || frame === null) return;
    const method = typeof frame.method === "string" ? frame.method : "";
    if (this.silent.has(method)) return;
    const answer = this.answer(method, frame.params ?? {});
    const reply = JSON.stringify({ jsonrpc: "2.0", id: frame.id, ...answer });
    if (this.holding) this.held.push({ id: frame.id, reply });
    else this.socket.send(reply);
  }

  private answer(method: string, p: Record<string, unknown>): { result: unknown } | { error: string } {
    const s = STRINGS[this.version];
    const str = (v: unknown): v is string => typeof v === "string";
    const host = () => this.servers.get(p.server as string);
    const metadata = atLeast(this.version, "3.0");
    switch (method) {
      case "pushFile": {
        if (!str(p.filename) || !str(p.content) || !str(p.server)) return { error: s.missing() };
        const path = gameResolvePath(p.filename);
        if (!path) return { error: s.path(p.filename) };
        if (!host()) return { error: s.host(p.server) };
        if (!isContentFile(path, this.version)) return { error: s.ext(path) };
        const old = host()!.get(path);
        host()!.set(path, { content: p.content, btime: old?.btime ?? Date.now(), mtime: Date.now() });
        return { result: "OK" };
      }
      case "getFile":
      case "deleteFile":
      case "calculateRam":
      case "getFileMetadata": {
        if (method === "getFileMetadata" && !metadata) break;
        if (!str(p.filename) || !str(p.server)) return { error: s.missingOther() };
        const path = gameResolvePath(p.filename);
        if (!path) return { error: method === "getFile" ? s.path(p.filename) : s.pathDelete(p.filename) };
        if (!host()) return { error: s.host(p.server) };
        if (method === "calculateRam" && !isScript(path, this.version)) return { error: s.notScript(path) };
        if (method === "getFile" && !isContentFile(path, this.version)) return { error: s.ext(path) };
        const file = host()!.get(path);
        if (method === "deleteFile") {
          if (!file)
            return { error: `${isScript(path, this.version) ? "Script" : "Text file"} ${path} not found.` };
          host()!.delete(path);
          return { result: "OK" };
        }
        if (!file) return { error: s.notFound(path) };
        if (method === "getFile") return { result: file.content };
        if (method === "getFileMetadata")
          return { result: { filename: path, atime: Date.now(), btime: file.btime, mtime: file.mtime } };
        return { result: 1.6 + (file.content.match(/ns\.\w+/g)?.length ?? 0) * 0.1 };
      }
      case "getFileNames":
      case "getAllFiles":
      case "getAllFileMetadata": {
        if (method === "getAllFileMetadata" && !metadata) break;
        if (!str(p.server)) return { error: s.missingOther() };
        if (!host()) return { error: s.host(p.server) };
        const files = [...host()!.entries()];
        if (method === "getFileNames") return { result: files.map(([name]) => name) };
        if (method === "getAllFiles")
          return { result: files.map(([filename, f]) => ({ filename, content: f.content })) };
        return {
          result: files.map(([filename, f]) => ({
            filename,
            atime: Date.now(),
            btime: f.btime,
            mtime: f.mtime,
          })),
        };
      }
      case "getDefinitionFile":
        return { result: this.definitions };
      case "getAllServers":
        return {
          result: [...this.servers.keys()].map((hostname) => ({
            hostname,
            hasAdminRights: hostname === "home",
            purchasedByPlayer: hostname === "home",
          })),
        };
      case "getSaveFile": {
        if (!atLeast(this.version, "2.8")) break;
        const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256));
        return { result: { identifier: "fake-game", binary: true, save: bytes.toString("base64") } };
      }
    }
    return { error: "Unknown message received" };
  }
}
