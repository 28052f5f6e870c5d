/**
 * Vanilla mode: the bridge's operations done with vanilla commands when the server has no mod.
 * In: an operation, its (unvalidated) arguments, something that runs RCON commands, and a way to
 * learn the server version. Out: result data that validates against the operation's result schema,
 * or a BridgeError. Arguments are validated by the operation schemas BEFORE any command is built,
 * so a player name or item id can never carry a second command.
 */
import {
  BridgeError,
  canonicalWorld,
  OPERATIONS,
  type Operation,
  type OperationArgs,
  type OperationResult,
  toAsciiJson,
} from "@mcp-bridge/shared";
import { classifyFailure, mentionsMissingNamedPlayer, mentionsMissingPlayer } from "./failures.js";
import { stripFormatting } from "./formatting.js";
import {
  parseDayTimeline,
  parseEntityData,
  parseGave,
  parseList,
  parseTeleported,
  parseTest,
  parseTickQuery,
  parseTimeQuery,
} from "./game-text.js";
import { playerInfoFromData } from "./player-data.js";
import { type CommandRunner, detectProfile, type VanillaContext } from "./profile-detection.js";
import { compareVersions, isBukkit, type ServerProfile } from "./server-profile.js";
import { parseSnbt, SnbtSyntaxError, type SnbtValue } from "./snbt.js";

export type { CommandRunner, VanillaContext };

/** Always with a decimal point: vanilla centres integer x/z on the block (1 -> 1.5). */
function coordinate(value: number): string {
  return value.toFixed(6);
}

function validate<O extends Operation>(op: O, args: unknown): OperationArgs<O> {
  const parsed = OPERATIONS[op].args.safeParse(args ?? {});
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "args"}: ${i.message}`);
    throw new BridgeError("INVALID_ARGS", `invalid arguments for ${op}: ${problems.join("; ")}`, {
      details: { problems },
    });
  }
  return parsed.data as OperationArgs<O>;
}

function checked<O extends Operation>(op: O, data: unknown): OperationResult<O> {
  const parsed = OPERATIONS[op].result.safeParse(data);
  if (!parsed.success) {
    throw new BridgeError("SERVER_ERROR", `vanilla ${op} produced data that does not match its schema`, {
      details: { problems: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) },
    });
  }
  return parsed.data as OperationResult<O>;
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

class Vanilla {
  private detected: Promise<ServerProfile> | undefined;

  constructor(
    private readonly rcon: CommandRunner,
    private readonly ctx: VanillaContext,
  ) {}

  profile(): Promise<ServerProfile> {
    this.detected ??= this.ctx.profile?.() ?? detectProfile(this.ctx, this.rcon);
    return this.detected;
  }

  /**
   * Vanilla's own command `name`. On Bukkit servers a plugin may replace a vanilla command
   * (EssentialsX's give, tp, time), also after `execute ... run`; Bukkit keeps vanilla's under the
   * `minecraft:` namespace, which vanilla itself does not know. `list` is sent plain on purpose:
   * EssentialsX's answer is parsed too.
   */
  private async vanilla(name: string): Promise<string> {
    return isBukkit(await this.profile()) ? `minecraft:${name}` : name;
  }

  /** Runs a command the bridge built; a failure text becomes its BridgeError. */
  async run(command: string, player?: string): Promise<string> {
    const answer = await this.rcon.command(command);
    if (player && mentionsMissingPlayer(answer)) throw await this.playerNotFound(player);
    const failure = classifyFailure(answer, false);
    if (failure) throw failure;
    return answer;
  }

  async playerNotFound(player: string): Promise<BridgeError> {
    const online = await this.online().then(
      (list) => list.players,
      () => undefined,
    );
    return new BridgeError("PLAYER_NOT_FOUND", `player ${player} is not online`, {
      details: { player, online },
    });
  }

  async online() {
    const answer = await this.run("list");
    return parseList(answer, await this.profile());
  }

  /** The online player's name as the server spells it; PLAYER_NOT_FOUND when not online. */
  async requireOnline(player: string): Promise<{ name: string; players: string[] }> {
    const { players } = await this.online();
    const name = players.find((p) => p.toLowerCase() === player.toLowerCase());
    if (!name) {
      throw new BridgeError("PLAYER_NOT_FOUND", `player ${player} is not online`, {
        details: { player, online: players },
      });
    }
    return { name, players };
  }

  async entityData(player: string, path = ""): Promise<{ name: string; data: SnbtValue }> {
    const data = await this.vanilla("data");
    const answer = await this.run(`${data} get entity ${player}${path ? ` ${path}` : ""}`, player);
    const { name, snbt } = parseEntityData(answer, await this.profile());
    try {
      return { name, data: parseSnbt(snbt) };
    } catch (error) {
      if (!(error instanceof SnbtSyntaxError)) throw error;
      throw new BridgeError("SERVER_ERROR", `could not read ${player}'s entity data: ${error.message}`, {
        cause: error,
        details: { snbt: snbt.slice(0, 500) },
      });
    }
  }

  async currentDimension(player: string): Promise<string> {
    const { data } = await this.entityData(player, "Dimension");
    if (typeof data !== "string" || !/^[a-z0-9_.-]+:[a-z0-9_./-]+$/.test(data)) {
      throw new BridgeError(
        "SERVER_ERROR",
        `${player}'s Dimension is not a dimension id: ${String(data).slice(0, 100)}`,
      );
    }
    return data;
  }

  async executeCommand(args: OperationArgs<"execute_command">) {
    const command = args.command.startsWith("/") ? args.command.slice(1) : args.command;
    const output = stripFormatting(await this.rcon.command(command));
    if (mentionsMissingNamedPlayer(output)) {
      const { players } = await this.online().catch(() => ({ players: undefined }));
      throw new BridgeError(
        "PLAYER_NOT_FOUND",
        `the command names a player who is not online: ${output.slice(0, 200)}`,
        {
          details: { command, online: players },
        },
      );
    }
    const failure = classifyFailure(output, true);
    if (failure) throw failure;
    return { output };
  }

  async sendMessage(args: OperationArgs<"send_message">) {
    const target = args.target ? (await this.requireOnline(args.target)).name : "@a";
    const recipients = args.target ? [target] : (await this.online()).players;
    // ASCII JSON: quotes, backslashes, newlines and every non-ASCII char are escaped.
    const tellraw = await this.vanilla("tellraw");
    await this.run(`${tellraw} ${target} ${toAsciiJson({ text: args.message })}`, args.target);
    return { recipients };
  }

  async teleport(args: OperationArgs<"teleport_player">) {
    const dimension = args.world ? canonicalWorld(args.world) : await this.currentDimension(args.player);
    const { x, y, z } = args;
    const [execute, tp] = [await this.vanilla("execute"), await this.vanilla("tp")];
    const answer = await this.run(
      `${execute} in ${dimension} run ${tp} ${args.player} ${coordinate(x)} ${coordinate(y)} ${coordinate(z)}`,
      args.player,
    );
    const done = parseTeleported(answer, await this.profile());
    return { player: done.player, location: { world: dimension, x: done.x, y: done.y, z: done.z } };
  }

  async give(args: OperationArgs<"give_item">) {
    const item = args.item.includes(":") ? args.item : `minecraft:${args.item}`;
    const give = await this.vanilla("give");
    const answer = await this.run(`${give} ${args.player} ${item} ${args.quantity}`, args.player);
    const gave = parseGave(answer, await this.profile());
    return { player: gave.player, item, quantity: gave.count };
  }

  async playerInfo(args: OperationArgs<"get_player_info">) {
    const { name, data } = await this.entityData(args.player);
    return playerInfoFromData(name || args.player, data, await this.profile());
  }

  /**
   * The tick of the day: `time query daytime` before 26.1, the day timeline from 26.1 (daytime is
   * gone). A server of unknown version (a snapshot, no version answer) that refuses daytime is
   * asked for the timeline; only its 26.1 wording is accepted there, never the days passed.
   */
  private async timeOfDay(profile: ServerProfile): Promise<number> {
    const time = await this.vanilla("time");
    const release = /^\d+(\.\d+)*$/.test(profile.version ?? "") ? profile.version : undefined;
    if (release !== undefined && compareVersions(release, "26.1") >= 0) {
      return parseDayTimeline(await this.run(`${time} query day`), profile);
    }
    try {
      return parseTimeQuery(await this.run(`${time} query daytime`), profile);
    } catch (error) {
      if (release !== undefined) throw error;
      try {
        return parseDayTimeline(await this.run(`${time} query day`), profile);
      } catch {
        throw error; // not a 26.1+ server either: the daytime answer is the one to explain
      }
    }
  }

  async serverInfo() {
    const profile = await this.profile();
    const list = await this.online();
    const [tick, execute] = await Promise.all(["tick", "execute"].map((n) => this.vanilla(n)));
    const timeOfDay = await this.timeOfDay(profile);
    const tps = parseTickQuery(await this.run(`${tick} query`), profile);
    const test = (check: string) =>
      this.run(`${execute} if predicate {condition:"minecraft:weather_check",${check}:true}`).then((answer) =>
        parseTest(answer, profile),
      );
    const thunder = await test("thundering");
    const rain = thunder || (await test("raining"));
    const weather = thunder ? "THUNDER" : rain ? "RAIN" : "CLEAR";
    // Without a status answer, the version the version command gave (Paper's own look: "Paper 1.21.4").
    const version = await this.ctx.serverVersion().catch((error: unknown) => {
      if (!profile.version) throw error;
      return isBukkit(profile) ? `${capitalised(profile.brand)} ${profile.version}` : profile.version;
    });
    return { version, onlinePlayers: list.online, maxPlayers: list.max, timeOfDay, weather, tps };
  }
}

/**
 * The vanilla handler of each operation (its descriptor is in shared OPERATIONS); an operation
 * without one needs the mod: get_world_info (block scans) and hello.
 */
const HANDLERS: { [K in Operation]?: (vanilla: Vanilla, args: OperationArgs<K>) => Promise<unknown> } = {
  execute_command: (v, a) => v.executeCommand(a),
  send_message: (v, a) => v.sendMessage(a),
  teleport_player: (v, a) => v.teleport(a),
  give_item: (v, a) => v.give(a),
  get_online_players: (v) => v.online(),
  get_player_info: (v, a) => v.playerInfo(a),
  get_server_info: (v) => v.serverInfo(),
};

/** What vanilla commands can do. */
export const VANILLA_OPERATIONS = Object.keys(HANDLERS) as readonly Operation[];

export async function runVanilla<O extends Operation>(
  op: O,
  args: OperationArgs<O> | Record<string, unknown>,
  rcon: CommandRunner,
  ctx: VanillaContext,
): Promise<OperationResult<O>> {
  const handler = HANDLERS[op] as ((v: Vanilla, a: OperationArgs<O>) => Promise<unknown>) | undefined;
  if (!handler) {
    throw new BridgeError(
      "UNSUPPORTED",
      `${op} needs the Minecraft MCP Bridge mod on the server; vanilla commands cannot do it. Install the mod to use ${op}.`,
      { details: { operation: op, mode: "vanilla" } },
    );
  }
  const valid = validate(op, args);
  return checked(op, await handler(new Vanilla(rcon, ctx), valid));
}
