/**
 * What the server runtime needs from an RCON client (the shared RconClient of @mcp-bridge/shared/rcon satisfies it) and
 * from vanilla mode (bridge/src/vanilla). Kept as interfaces so the runtime is built from
 * whatever the composition root hands it.
 */
import type { Operation } from "@mcp-bridge/shared";
import type { ServerProfile } from "../vanilla/index.js";

export interface RconChannel {
  /** Connects and keeps reconnecting; resolves on the first login, rejects when it gives up. */
  start(): Promise<void>;
  command(text: string, options?: { timeoutMs?: number }): Promise<string>;
  readonly connected: boolean;
  close(): Promise<void>;
  on(event: "connected" | "disconnected", listener: () => void): unknown;
  /** Each failed attempt before the next one; `error` says why it failed. */
  on(event: "reconnecting", listener: (info: { error: unknown }) => void): unknown;
}

export interface VanillaContext {
  /** The server's version via the status ping (asked lazily, only by operations that need it). */
  serverVersion: () => Promise<string>;
  /** The server's version and brand, detected once per connection. */
  profile?: () => Promise<ServerProfile>;
}

/** Runs one operation with vanilla commands; throws BridgeError (UNSUPPORTED where vanilla cannot). */
export type VanillaRunner = (
  op: Operation,
  args: Record<string, unknown>,
  rcon: { command(text: string): Promise<string> },
  context: VanillaContext,
) => Promise<unknown>;
