/**
 * The one way a tool is registered. Every call: resolve the `server` argument, check the caller's
 * policy for this tool (PERMISSION_DENIED / RATE_LIMITED before any work), ask a person where the
 * role's `confirm` says so (refused without an explicit yes), then run the body; any
 * throw becomes an error result with a hint, never a crash. Tools write only what is theirs.
 */
import type { BridgeError, ClientIdentity } from "@mcp-bridge/shared";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { AnyObjectSchema, SchemaOutput } from "@modelcontextprotocol/sdk/server/zod-compat.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type {
  CallToolResult,
  ServerNotification,
  ServerRequest,
  ToolAnnotations,
} from "@modelcontextprotocol/sdk/types.js";
import { requireApproval } from "../auth/approval.js";
import type { ToolDeps } from "../deps.js";
import { guarded, resolveServer } from "./tool-kit.js";

export interface ToolConfig<I extends AnyObjectSchema, O extends AnyObjectSchema> {
  title: string;
  description: string;
  inputSchema: I;
  outputSchema: O;
  annotations: ToolAnnotations;
}

/** What the body gets besides its arguments: the resolved server and the checked client. */
export interface CallContext {
  serverId: string;
  client: ClientIdentity;
  /** The SDK's request context: the cancellation signal, progress and elicitation. */
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>;
}

export interface ToolSpec<I extends AnyObjectSchema> {
  /** The arguments the policy judges (target players, command text); none by default. */
  policyArgs?: (args: SchemaOutput<I>) => Record<string, unknown>;
  /** A recovery hint for an error, when the generic one for its code is not enough. */
  hint?: (
    error: BridgeError,
    call: Partial<CallContext>,
    args: SchemaOutput<I>,
  ) => Promise<string | undefined>;
}

export function registerCheckedTool<I extends AnyObjectSchema, O extends AnyObjectSchema>(
  server: McpServer,
  deps: ToolDeps,
  name: string,
  config: ToolConfig<I, O>,
  body: (args: SchemaOutput<I>, call: CallContext) => Promise<CallToolResult>,
  spec: ToolSpec<I> = {},
): void {
  const callback = async (args: SchemaOutput<I>, extra: CallContext["extra"]): Promise<CallToolResult> => {
    const call: Partial<CallContext> = { extra };
    return guarded(
      async () => {
        const requested = (args as { server?: string }).server;
        call.serverId = resolveServer(deps, requested);
        const policyArgs = spec.policyArgs?.(args) ?? {};
        call.client = await deps.access.check(deps.session.clientId, name, policyArgs);
        await requireApproval(deps, call.client, name, policyArgs, call.serverId);
        return body(args, call as CallContext);
      },
      spec.hint ? (error) => spec.hint!(error, call, args) : undefined,
    );
  };
  // The SDK's overloads cannot follow a generic schema through; the callback's shape is checked above.
  server.registerTool(name, config, callback as never);
}
