/**
 * A tiny RCON server on 127.0.0.1 that behaves like Minecraft's listener: the test PEER of the
 * client, not the unit under test. Like vanilla it treats each TCP read as exactly one packet and
 * closes the connection when a read holds anything else (MC-72390), splits answers into pieces
 * (vanilla: 4096 UTF-16 chars, each encoded alone; NeoForge: 4096 UTF-8 bytes) and answers an
 * unknown packet type with "Unknown request <hex type>".
 */
import net from "node:net";
import { decodePacket, encodePacket, PacketType } from "../src/rcon/packet.js";

export type SplitStyle = "vanilla" | "neoforge";

export interface FakeServerOptions {
  password: string;
  split?: SplitStyle;
  /** The answer of a command; may be async (to hold it) or throw (to drop the connection). */
  answer?: (command: string) => string | Promise<string>;
}

export function splitAnswer(answer: string, style: SplitStyle): Buffer[] {
  const pieces: Buffer[] = [];
  if (style === "vanilla") {
    let rest = answer;
    do {
      pieces.push(Buffer.from(rest.slice(0, 4096), "utf8"));
      rest = rest.slice(4096);
    } while (rest.length > 0);
    return pieces;
  }
  const bytes = Buffer.from(answer, "utf8");
  let offset = 0;
  do {
    pieces.push(bytes.subarray(offset, offset + 4096));
    offset += 4096;
  } while (offset < bytes.length);
  return pieces;
}

export class FakeRconServer {
  readonly commands: string[] = [];
  /** Set when a client broke the one-packet-per-read rule or had two requests in flight. */
  violations: string[] = [];
  connections = 0;
  /** The most connections open at once (a server must only ever see its one owner). */
  peakConnections = 0;
  private readonly server = net.createServer((socket) => this.serve(socket));
  private readonly sockets = new Set<net.Socket>();

  constructor(private readonly options: FakeServerOptions) {}

  async listen(port = 0): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(port, "127.0.0.1", resolve));
    return (this.server.address() as net.AddressInfo).port;
  }

  /** Drops every open connection (as a server crash would). */
  dropAll(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  async close(): Promise<void> {
    this.dropAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private serve(socket: net.Socket): void {
    this.connections++;
    this.sockets.add(socket);
    this.peakConnections = Math.max(this.peakConnections, this.sockets.size);
    socket.setNoDelay(true);
    socket.on("close", () => this.sockets.delete(socket));
    socket.on("error", () => undefined);
    let authed = false;
    let busy = false;
    socket.on("data", async (chunk: Buffer) => {
      const decoded = decodePacket(chunk);
      if (!decoded || decoded.size !== chunk.length) {
        this.violations.push(`read of ${chunk.length} bytes is not exactly one packet`);
        return socket.destroy();
      }
      if (busy) {
        this.violations.push("a packet arrived while a command was running");
        return socket.destroy();
      }
      const { id, type, payload } = decoded.packet;
      if (type === PacketType.LOGIN) {
        authed = payload.length > 0 && payload.toString("utf8") === this.options.password;
        return socket.write(encodePacket(authed ? id : -1, PacketType.AUTH_RESPONSE, ""));
      }
      if (type !== PacketType.COMMAND) {
        return socket.write(encodePacket(id, PacketType.RESPONSE, `Unknown request ${type.toString(16)}`));
      }
      if (!authed) return socket.write(encodePacket(-1, PacketType.AUTH_RESPONSE, ""));
      const command = payload.toString("utf8");
      this.commands.push(command);
      busy = true;
      let answer: string;
      try {
        answer = await (this.options.answer ?? ((c: string) => `ran ${c}`))(command);
      } catch {
        return socket.destroy();
      } finally {
        busy = false;
      }
      for (const piece of splitAnswer(answer, this.options.split ?? "vanilla")) {
        socket.write(encodePacket(id, PacketType.RESPONSE, piece));
      }
    });
  }
}
