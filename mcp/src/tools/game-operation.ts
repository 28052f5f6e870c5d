/**
 * Every game tool, derived from its operation's descriptor (shared OPERATIONS: schemas, title,
 * description, annotations, result summary). The path every game tool takes. In: the validated tool arguments. Out: a tool result.
 * Policy check and approval (registerCheckedTool: PERMISSION_DENIED, RATE_LIMITED, a person's yes
 * where the role asks for one, judged on the operation's arguments) -> signed job -> result checked against the operation's result schema, or an isError
 * result with a hint; "still queued" after the deadline.
 */
import {
  BridgeError,
  OPERATIONS,
  type Operation,
  type OperationArgs,
  type OperationTool,
  operationDescriptor,
  TOOL_OPERATIONS,
} from "@mcp-bridge/shared";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolDeps } from "../deps.js";
import { hintFor } from "./hints.js";
import { registerCheckedTool } from "./register.js";
import { okResult, serverArg } from "./tool-kit.js";

type GameArgs = { server?: string } & Record<string, unknown>;

const withoutServer = ({ server: _server, ...args }: GameArgs) => args;

export function registerGameTools(server: McpServer, deps: ToolDeps): void {
  for (const op of TOOL_OPERATIONS) registerGameTool(server, deps, op, operationDescriptor(op)!.tool!);
}

function registerGameTool<O extends Operation>(
  server: McpServer,
  deps: ToolDeps,
  op: O,
  tool: OperationTool,
): void {
  const { title, description, annotations, summary } = tool;
  const config = {
    title,
    description,
    inputSchema: OPERATIONS[op].args.extend({ server: serverArg(deps.servers) }),
    outputSchema: OPERATIONS[op].result,
    annotations,
  };
  registerCheckedTool(
    server,
    deps,
    op,
    config,
    async (input, { serverId, client }) => {
      const args = withoutServer(input as GameArgs);
      const outcome = await deps.jobs.run(serverId, op, args as OperationArgs<O>, client);
      // Fields on the line, not a child logger: pino redacts a child's bindings when it is made,
      // even when no line is written (~4 % of the MCP process's JavaScript time per call).
      if (deps.logger.isLevelEnabled("debug")) {
        deps.logger.debug(
          { serverId, op, client: client.id, jobId: outcome.jobId, status: outcome.status },
          "tool call finished",
        );
      }
      if (outcome.status === "pending") {
        throw new BridgeError(
          "TIMEOUT",
          `Job ${outcome.jobId} on server '${serverId}' did not finish in time and is still queued (state: ${outcome.state}); the bridge or the Minecraft server may be down`,
          // Not retryable: the job may still run, so a resend could run it twice.
          { details: { jobId: outcome.jobId, state: outcome.state }, retryable: false, jobId: outcome.jobId },
        );
      }
      const parsed = OPERATIONS[op].result.safeParse(outcome.data);
      if (!parsed.success) {
        throw new BridgeError(
          "SERVER_ERROR",
          `The bridge answered ${op} with data that does not match the protocol`,
          {
            details: { jobId: outcome.jobId, issue: parsed.error.issues[0]?.message },
            jobId: outcome.jobId,
          },
        );
      }
      const data = parsed.data as Record<string, unknown>;
      return okResult(summary(data, serverId), data, outcome.jobId);
    },
    {
      policyArgs: (input) => withoutServer(input as GameArgs),
      hint: (error, call, input) =>
        hintFor(error, {
          deps,
          serverId: call.serverId ?? deps.servers[0]!,
          client: call.client,
          op,
          args: withoutServer(input as GameArgs),
        }),
    },
  );
}
