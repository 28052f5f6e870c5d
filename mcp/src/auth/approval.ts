/**
 * Human approval before a call the policy marks (a role's `confirm`). In: the caller, the tool, its
 * arguments, the server. Out: nothing when no approval is needed or a person said yes; otherwise
 * PERMISSION_DENIED saying why (the person declined or cancelled, or the client cannot ask anyone).
 * The question goes to the client's user through MCP elicitation; only an explicit yes runs the call.
 * Every decision is written to the audit log (`audit: "approval"`).
 */
import { BridgeError, type ClientIdentity, describeCall } from "@mcp-bridge/shared";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolDeps } from "../deps.js";

type ApprovalAnswer = "accept" | "decline" | "cancel";

/** How a session asks its client's user; absent in sessions that cannot ask (tests, tools only). */
export interface Approver {
  /** True when the client declared the elicitation capability. */
  supported(): boolean;
  ask(message: string): Promise<ApprovalAnswer>;
}

/** A person may take a while to answer; the SDK's default request timeout (60 s) is too short. */
const ANSWER_TIMEOUT_MS = 10 * 60_000;

export function elicitingApprover(server: McpServer): Approver {
  return {
    supported: () => Boolean(server.server.getClientCapabilities()?.elicitation),
    async ask(message) {
      const result = await server.server.elicitInput(
        {
          message,
          requestedSchema: {
            type: "object",
            properties: {
              approve: { type: "boolean", title: "Run it", description: "Yes runs the call; no refuses it" },
            },
            required: ["approve"],
          },
        },
        { timeout: ANSWER_TIMEOUT_MS },
      );
      if (result.action !== "accept") return result.action;
      return result.content?.approve === true ? "accept" : "decline";
    },
  };
}

export async function requireApproval(
  deps: ToolDeps,
  client: ClientIdentity,
  tool: string,
  args: Record<string, unknown>,
  serverId: string,
): Promise<void> {
  const reason = deps.access.approvalReason(client, tool, args);
  if (!reason) return;
  const call = describeCall(tool, args);
  const audit = deps.logger.child({
    audit: "approval",
    client: client.id,
    role: client.role,
    tool,
    serverId,
    call,
  });
  if (!deps.approver?.supported()) {
    audit.warn({ decision: "unsupported" }, "approval required, but the client cannot ask its user");
    throw new BridgeError(
      "PERMISSION_DENIED",
      `The policy requires a person's approval for ${call} on server '${serverId}' (${reason}), and this MCP ` +
        `client does not support elicitation, so nobody can be asked. Use a client that supports elicitation, or ask ` +
        `the admin to change roles.${client.role}.confirm in the policy file`,
      { details: { approval: "unsupported" } },
    );
  }
  let answer: ApprovalAnswer;
  try {
    answer = await deps.approver.ask(
      `Run ${call} on server '${serverId}'? Requested by '${client.id}'; ${reason}.`,
    );
  } catch (error) {
    audit.warn({ decision: "no answer", err: error }, "approval request failed");
    throw new BridgeError(
      "PERMISSION_DENIED",
      `Asking for approval of ${call} failed, so it was not run: ${(error as Error).message}`,
      {
        details: { approval: "failed" },
        cause: error,
      },
    );
  }
  audit.info({ decision: answer }, `approval: ${answer}`);
  if (answer !== "accept") {
    throw new BridgeError(
      "PERMISSION_DENIED",
      `The person asked ${answer === "decline" ? "declined" : "cancelled"} ${call} on server '${serverId}'; it was not run`,
      { details: { approval: answer } },
    );
  }
}
