/**
 * The path every game tool takes. In: the validated tool arguments. Out: a tool result.
 * Policy check (PERMISSION_DENIED, RATE_LIMITED) -> a person's approval where the policy asks for it
 * -> signed job -> result checked against the
 * operation's result schema, or an isError result with a hint; "still queued" after the deadline.
 */
import {
  BridgeError,
  type ClientIdentity,
  OPERATIONS,
  type Operation,
  type OperationArgs,
} from "@mcp-bridge/shared";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { requireApproval } from "../auth/approval.js";
import type { ToolDeps } from "../deps.js";
import { hintFor } from "./hints.js";
import { guarded, okResult, resolveServer } from "./tool-kit.js";

export async function runGameOperation<O extends Operation>(
  deps: ToolDeps,
  op: O,
  input: { server?: string } & Record<string, unknown>,
  describe: (data: Record<string, unknown>, serverId: string) => string,
): Promise<CallToolResult> {
  const { server, ...args } = input;
  let serverId = deps.servers[0]!;
  let client: ClientIdentity | undefined;
  return guarded(
    async () => {
      serverId = resolveServer(deps, server);
      client = await deps.access.check(deps.session.clientId, op, args);
      await requireApproval(deps, client, op, args, serverId);
      const log = deps.logger.child({ serverId, op, client: client.id });
      const outcome = await deps.jobs.run(serverId, op, args as OperationArgs<O>, client);
      log.debug({ jobId: outcome.jobId, status: outcome.status }, "tool call finished");
      if (outcome.status === "pending") {
        throw new BridgeError(
          "TIMEOUT",
          `Job ${outcome.jobId} on server '${serverId}' did not finish in time and is still queued (state: ${outcome.state}); the bridge or the Minecraft server may be down`,
          // Not retryable: the job may still run, so a resend could run it twice.
          { details: { jobId: outcome.jobId, state: outcome.state }, retryable: false },
        );
      }
      const parsed = OPERATIONS[op].result.safeParse(outcome.data);
      if (!parsed.success) {
        throw new BridgeError(
          "SERVER_ERROR",
          `The bridge answered ${op} with data that does not match the protocol`,
          {
            details: { jobId: outcome.jobId, issue: parsed.error.issues[0]?.message },
          },
        );
      }
      const data = parsed.data as Record<string, unknown>;
      return okResult(describe(data, serverId), data);
    },
    (error) => hintFor(error, { deps, serverId, client, args }),
  );
}
