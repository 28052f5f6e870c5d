/**
 * Learns the server profile (version, brand) once per connection in vanilla mode.
 * In: the status ping's version name (via the context) and, when that gives no version, the
 * server's answer to `version` over RCON. Out: a ServerProfile; never fails (UNKNOWN_PROFILE with
 * the reason in `source` when nothing answered), because parsing still works without it.
 */
import { stripFormatting } from "./formatting.js";
import {
  profileFromStatusName,
  profileFromVersionAnswer,
  type ServerProfile,
  UNKNOWN_PROFILE,
} from "./server-profile.js";

export interface CommandRunner {
  command(text: string): Promise<string>;
}

export interface VanillaContext {
  /** The status ping's version name ("1.21.4", "Paper 1.21.4"). */
  serverVersion: () => Promise<string>;
  /** The detected profile, cached by whoever owns the connection (see createVanillaContext). */
  profile?: () => Promise<ServerProfile>;
}

export async function detectProfile(
  ctx: Pick<VanillaContext, "serverVersion">,
  rcon: CommandRunner,
): Promise<ServerProfile> {
  let pingProblem = "";
  try {
    const fromPing = profileFromStatusName(await ctx.serverVersion());
    if (fromPing.version) return fromPing;
    pingProblem = fromPing.source;
  } catch (error) {
    pingProblem = `status ping failed: ${(error as Error).message}`;
  }
  try {
    const fromCommand = profileFromVersionAnswer(stripFormatting(await rcon.command("version")));
    if (fromCommand) return fromCommand;
  } catch {
    // The connection's own error surfaces on the operation's next command.
  }
  return { ...UNKNOWN_PROFILE, source: `${pingProblem}; no usable answer to the version command` };
}

/**
 * A context for one RCON connection: the profile is detected on first use and kept until the
 * connection is replaced (a restarted server may run another version).
 */
export function createVanillaContext(
  serverVersion: () => Promise<string>,
  rcon: CommandRunner,
): VanillaContext {
  let detected: Promise<ServerProfile> | undefined;
  return {
    serverVersion,
    profile: () => {
      detected ??= detectProfile({ serverVersion }, rcon);
      return detected;
    },
  };
}
