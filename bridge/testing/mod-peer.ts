/**
 * A game PEER on 127.0.0.1 (the RCON test server of the rcon tests) that answers `mcpbridge` like
 * the mod does, including its idempotency cache (one execution per request id, replays answered
 * from the cache). For the tests and the benchmarks; the bridge itself is real.
 */
import { BridgeError, PROTOCOL_VERSION } from "@mcp-bridge/shared";
import { FakeRconServer } from "../../shared/testing/fake-rcon-server.js";

export const PASSWORD = "rcon-pw";

export interface Envelope {
  id: string;
  type: string;
  payload: { command?: string; query?: string; args: Record<string, unknown> };
}

export interface ModPeerOptions {
  /** false: behave like a server without the mod. */
  mod?: boolean;
  /** Vanilla commands: the answer text, or undefined for the default; may throw to drop the connection. */
  vanilla?: (command: string) => string | undefined;
  /** Requests whose first execution drops the connection after running (the answer is lost). */
  dropAfterRun?: (request: Envelope) => boolean;
}

/** Emulates the mod behind RCON; counts executions per request id. */
export class ModPeer {
  readonly executions = new Map<string, number>();
  readonly batchSizes: number[] = [];
  readonly vanillaCommands: string[] = [];
  private readonly cache = new Map<string, unknown>();
  readonly server: FakeRconServer;

  constructor(readonly options: ModPeerOptions = {}) {
    this.server = new FakeRconServer({ password: PASSWORD, answer: (c) => this.answer(c) });
  }

  /**
   * Until release(): the commands `which` picks still run at once, but their answers wait (a slow or
   * hung server); other commands (e.g. the bridge's own checks) are answered as usual.
   */
  hold(which: (command: string) => boolean = () => true): void {
    this.holding = which;
    this.held ??= new Promise((resolve) => {
      this.releaseHeld = resolve;
    });
  }

  release(): void {
    this.releaseHeld?.();
    this.held = undefined;
  }

  private held: Promise<void> | undefined;
  private holding: (command: string) => boolean = () => true;
  private releaseHeld: (() => void) | undefined;

  private async answer(command: string): Promise<string> {
    const answer = this.answerNow(command);
    if (this.held && this.holding(command)) await this.held;
    return answer;
  }

  private answerNow(command: string): string {
    if (!command.startsWith("mcpbridge ") || this.options.mod === false) {
      this.vanillaCommands.push(command);
      const custom = this.options.vanilla?.(command);
      if (custom !== undefined) return custom;
      if (command.startsWith("list")) return "There are 1 of a max of 20 players online: Steve";
      return "Unknown or incomplete command, see below for error";
    }
    const value = JSON.parse(command.slice("mcpbridge ".length)) as Envelope | Envelope[];
    const list = Array.isArray(value) ? value : [value];
    this.batchSizes.push(list.length);
    let drop = false;
    const answers = list.map((request) => {
      const cached = this.cache.get(request.id);
      if (cached)
        return {
          ...(cached as object),
          payload: { ...(cached as { payload: object }).payload, replay: true },
        };
      const answer = this.run(request);
      this.cache.set(request.id, answer);
      if (this.options.dropAfterRun?.(request)) drop = true;
      return answer;
    });
    if (drop) throw new Error("connection dropped after running");
    return JSON.stringify(Array.isArray(value) ? answers : answers[0]);
  }

  private run(request: Envelope) {
    this.executions.set(request.id, (this.executions.get(request.id) ?? 0) + 1);
    const op = request.payload.command ?? request.payload.query;
    const base = { version: PROTOCOL_VERSION, id: request.id, timestamp: Date.now(), source: "minecraft" };
    const ok = (data: unknown) => ({ ...base, type: "response", payload: { success: true, data } });
    switch (op) {
      case "hello":
        return ok({
          modVersion: "test",
          protocolVersions: [PROTOCOL_VERSION],
          capabilities: [],
          droppedEvents: 0,
        });
      case "get_online_players":
        return ok({ players: ["Steve"], online: 1, max: 20 });
      case "execute_command":
        return ok({ output: `ran ${String(request.payload.args.command)}` });
      case "send_message":
        return ok({ recipients: ["Steve"] });
      default: {
        const error = new BridgeError("UNSUPPORTED", `peer does not implement ${op}`);
        return { ...base, type: "error", payload: error.toPayload() };
      }
    }
  }
}
