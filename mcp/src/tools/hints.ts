/**
 * Recovery hints the model can act on, built from the error and, where it helps, from the game:
 * PLAYER_NOT_FOUND asks the server who IS online.
 */
import {
  type BridgeError,
  type ClientIdentity,
  ERROR_HINTS,
  errorDetails,
  OnlinePlayersResultSchema,
  operationDescriptor,
} from "@mcp-bridge/shared";
import type { ToolDeps } from "../deps.js";

const LOOKUP_MS = 3000;
const MAY_HAVE_RUN = "It may have run: check the game state before sending it again.";
/** The mod's own allow-list refused a command that the caller's role allows. */
const MOD_ALLOW_LIST_HINT =
  "The Minecraft server's mod refused this command with its own allow-list, not your role: the server owner can add a pattern to [commands] allowed_patterns in config/minecraft-mcp-bridge.toml (on the devserver: --allow, or --no-default-allow to replace the defaults).";
/** The bridge refused a job's signature: no token is involved, the two processes' secrets differ. */
const JOB_SECRET_HINT =
  "The bridge refused the job's signature: JOB_SECRET differs between this MCP server and the bridge. Set the same JOB_SECRET for both and restart the one that changed.";

/** The bridge's RCON login was refused: it runs no job of that server until it is restarted. */
const RCON_PASSWORD_HINT =
  "The bridge's MC_RCON_PASSWORD differs from the Minecraft server's rcon.password (server.properties). Fix it and restart the bridge; jobs already queued run then, and this call can be sent again.";

export interface HintContext {
  deps: ToolDeps;
  serverId: string;
  client: ClientIdentity | undefined;
  /** The operation called: its descriptor says which arguments name players. */
  op: string;
  args: Record<string, unknown>;
}

export async function hintFor(error: BridgeError, ctx: HintContext): Promise<string> {
  switch (error.code) {
    case "PLAYER_NOT_FOUND":
      return playerHint(error, ctx);
    case "RATE_LIMITED": {
      const wait = errorDetails("RATE_LIMITED", error.details).retryAfterS;
      return wait === undefined ? ERROR_HINTS.RATE_LIMITED : `Wait ${wait} s, then call again.`;
    }
    case "TIMEOUT": {
      const { jobId, mayHaveRun } = errorDetails("TIMEOUT", error.details);
      if (jobId !== undefined) {
        return `Call get_job with jobId '${jobId}' later to see its result; do not resend it, or it may run twice.`;
      }
      return mayHaveRun ? MAY_HAVE_RUN : ERROR_HINTS.TIMEOUT;
    }
    case "PERMISSION_DENIED":
      return errorDetails("PERMISSION_DENIED", error.details).reportedBy === "mod"
        ? MOD_ALLOW_LIST_HINT
        : ERROR_HINTS.PERMISSION_DENIED;
    case "AUTH_FAILED": {
      const { credential } = errorDetails("AUTH_FAILED", error.details);
      if (credential === "job_secret") return JOB_SECRET_HINT;
      return credential === "rcon_password" ? RCON_PASSWORD_HINT : ERROR_HINTS.AUTH_FAILED;
    }
    default:
      return ERROR_HINTS[error.code];
  }
}

async function playerHint(error: BridgeError, ctx: HintContext): Promise<string> {
  const key = operationDescriptor(ctx.op)?.players?.find((k) => ctx.args[k] !== undefined);
  const name = key === undefined ? "the player" : String(ctx.args[key]);
  let { online } = errorDetails("PLAYER_NOT_FOUND", error.details);
  if (!online && ctx.client) {
    try {
      const outcome = await ctx.deps.jobs.run(ctx.serverId, "get_online_players", {}, ctx.client, LOOKUP_MS);
      if (outcome.status === "completed") online = OnlinePlayersResultSchema.parse(outcome.data).players;
    } catch {
      // fall through to the generic hint
    }
  }
  if (!online) return `player ${name} is not online. ${ERROR_HINTS.PLAYER_NOT_FOUND}`;
  return online.length === 0
    ? `player ${name} is not online; nobody is online right now`
    : `player ${name} is not online; online players: ${online.join(", ")}`;
}
