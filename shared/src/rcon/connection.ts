/**
 * One authenticated RCON socket.
 * In: host, port, password. Out: a connection that writes whole packets (one socket write per
 * packet) and hands every received packet, framed, to `onPacket`; `onClose` fires once when the
 * socket ends for any reason. Login follows vanilla: an AUTH_RESPONSE with id -1 = wrong password.
 */
import net from "node:net";
import { BridgeError } from "../index.js";
import {
  AUTH_FAILED_ID,
  encodePacket,
  MAX_REQUEST_PAYLOAD_BYTES,
  PacketType,
  type RconPacket,
} from "./packet.js";
import { PacketReader } from "./reader.js";

export interface ConnectionTarget {
  host: string;
  port: number;
  password: string;
  /** Bound on TCP connect + login together. */
  timeoutMs: number;
}

export interface ConnectionHandlers {
  onPacket(packet: RconPacket): void;
  onClose(error: BridgeError): void;
}

export class RconConnection {
  private closed = false;

  private constructor(
    private readonly socket: net.Socket,
    private readonly handlers: ConnectionHandlers,
  ) {}

  /** Connects and logs in; rejects with CONNECTION_ERROR, or AUTH_FAILED for a wrong password. */
  static open(
    target: ConnectionTarget,
    loginId: number,
    handlers: ConnectionHandlers,
  ): Promise<RconConnection> {
    const where = `${target.host}:${target.port}`;
    if (Buffer.byteLength(target.password, "utf8") > MAX_REQUEST_PAYLOAD_BYTES) {
      return Promise.reject(
        new BridgeError("INVALID_ARGS", `RCON password is longer than ${MAX_REQUEST_PAYLOAD_BYTES} bytes`),
      );
    }
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: target.host, port: target.port });
      socket.setNoDelay(true);
      const reader = new PacketReader();
      let connection: RconConnection | undefined;
      let settled = false;

      const fail = (error: BridgeError) => {
        if (connection) return connection.shutdown(error);
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.destroy();
        reject(error);
      };
      const timer = setTimeout(
        () =>
          fail(
            new BridgeError(
              "CONNECTION_ERROR",
              `RCON ${where}: no login answer within ${target.timeoutMs} ms`,
            ),
          ),
        target.timeoutMs,
      );

      socket.on("connect", () => socket.write(encodePacket(loginId, PacketType.LOGIN, target.password)));
      socket.on("data", (chunk: Buffer) => {
        let packets: RconPacket[];
        try {
          packets = reader.push(chunk);
        } catch (error) {
          return fail(BridgeError.from(error, "CONNECTION_ERROR"));
        }
        for (const packet of packets) {
          if (connection) {
            handlers.onPacket(packet);
            continue;
          }
          if (packet.type !== PacketType.AUTH_RESPONSE) continue; // Source servers send an empty RESPONSE first
          if (packet.id === AUTH_FAILED_ID) {
            return fail(
              new BridgeError(
                "AUTH_FAILED",
                `RCON ${where} refused the password: set MC_RCON_PASSWORD to the server's rcon.password (server.properties) and restart the bridge`,
                { details: { host: target.host, port: target.port, credential: "rcon_password" } },
              ),
            );
          }
          if (packet.id !== loginId) continue;
          settled = true;
          clearTimeout(timer);
          connection = new RconConnection(socket, handlers);
          resolve(connection);
        }
      });
      socket.on("error", (error: NodeJS.ErrnoException) =>
        fail(
          new BridgeError(
            "CONNECTION_ERROR",
            `RCON ${where}: ${error.code ?? error.message}; is the server up with enable-rcon=true?`,
            {
              cause: error,
              details: { host: target.host, port: target.port, sent: false },
            },
          ),
        ),
      );
      socket.on("close", () =>
        fail(new BridgeError("CONNECTION_ERROR", `RCON ${where} closed the connection`)),
      );
    });
  }

  /** Writes one whole packet in one socket write. */
  write(packet: Buffer): void {
    if (this.closed)
      throw new BridgeError("CONNECTION_ERROR", "RCON connection is closed", { details: { sent: false } });
    this.socket.write(packet);
  }

  /** Closes the socket; `onClose` receives `error`. Idempotent. */
  shutdown(error: BridgeError): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.destroy();
    this.handlers.onClose(error);
  }
}
