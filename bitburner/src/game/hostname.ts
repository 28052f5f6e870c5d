/**
 * The `server` argument, checked before anything is sent. In: a hostname as the model wrote it.
 * Out: the same hostname, or an INVALID_ARGS naming what is wrong.
 *
 * The game looks a server up by its exact hostname or IP address. Its own servers use letters,
 * digits, '.', '-' and '_' ("n00dles", "I.I.I.I", "w0r1d_d43m0n", "."); purchased servers get the
 * player's name with whitespace removed. We accept only the first alphabet: a name like
 * "../home" or "home;rm" is never a path or a command here, but it reaches the game, our logs and
 * the model's context, and no real server needs it (a purchased server named otherwise can be
 * renamed with ns.renamePurchasedServer).
 */
import { BridgeError } from "@mcp-bridge/shared";
import { printable, unsafeTextProblem } from "./file-path.js";

const HOSTNAME_MAX_LENGTH = 64;
const HOSTNAME = /^[A-Za-z0-9._-]+$/;

/** Why the game could not have a server by this name, or undefined when it may. */
function hostnameProblem(server: string): string | undefined {
  if (server === "") return "is empty; the player's own server is 'home'";
  const unsafe = unsafeTextProblem(server);
  if (unsafe) return unsafe;
  if (server.length > HOSTNAME_MAX_LENGTH) return `is longer than ${HOSTNAME_MAX_LENGTH} characters`;
  if (server === "..") return "is not a hostname ('..' is not a server)";
  const bad = [...server].find((c) => !HOSTNAME.test(c));
  if (bad !== undefined) {
    return `contains '${bad === " " ? "space" : bad}'; hostnames use only letters, digits, '.', '-' and '_'`;
  }
  return undefined;
}

/** The hostname unchanged, or INVALID_ARGS with what to fix. */
export function checkHostname(server: string): string {
  const problem = hostnameProblem(server);
  if (problem) {
    throw new BridgeError("INVALID_ARGS", `server '${printable(server)}' ${problem}`, {
      details: { field: "server", reason: "INVALID_HOSTNAME" },
    });
  }
  return server;
}
