import { SendMessageArgsSchema, SendMessageResultSchema } from "@mcp-bridge/shared";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolDeps } from "../deps.js";
import { registerGameTool } from "./game-operation.js";
import { serverArg } from "./tool-kit.js";

const name = "send_message";

const config = (deps: ToolDeps) => ({
  title: "Send a chat message",
  description:
    "Sends a chat message to every player, or only to `target` (an online player's exact name). " +
    "Returns the players who received it.",
  inputSchema: SendMessageArgsSchema.extend({ server: serverArg(deps.servers) }),
  outputSchema: SendMessageResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
});

export function registerSendMessageTool(server: McpServer, deps: ToolDeps): void {
  registerGameTool(server, deps, name, config(deps), (d) => {
    const recipients = d.recipients as string[];
    return `Message delivered to ${recipients.length} player(s): ${recipients.join(", ") || "nobody"}`;
  });
}
