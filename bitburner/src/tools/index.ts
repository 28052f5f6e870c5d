/**
 * Registers every tool on an McpServer with one wrapper: authorize (policy), run, log one line
 * (tool, request id, client, server, filename, sizes, duration, outcome; never content), count
 * metrics, and turn any failure into an isError result. Nothing a tool throws escapes.
 */
import { BridgeError, type ErrorCode } from "@mcp-bridge/shared";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { calculateRamTool } from "./calculate-ram.js";
import { deleteFileTool } from "./delete-file.js";
import { getAllFileMetadataTool, getFileMetadataTool } from "./file-metadata.js";
import { getAllFilesTool } from "./get-all-files.js";
import { getNetscriptDefinitionsTool } from "./get-netscript-definitions.js";
import { listFilesTool } from "./list-files.js";
import { listServersTool } from "./list-servers.js";
import { readFileTool } from "./read-file.js";
import { errorResult, type ToolContext, type ToolDefinition } from "./tool-kit.js";
import { writeFileTool } from "./write-file.js";

export const TOOLS: readonly ToolDefinition[] = [
  listFilesTool,
  readFileTool,
  writeFileTool,
  deleteFileTool,
  getAllFilesTool,
  calculateRamTool,
  getNetscriptDefinitionsTool,
  listServersTool,
  getFileMetadataTool,
  getAllFileMetadataTool,
];

/** Tools that change game state; a read-only role lists none of them. */
export const WRITE_TOOLS = TOOLS.filter((t) => !t.annotations.readOnlyHint).map((t) => t.name);

export interface ToolObserver {
  toolCall(tool: string, seconds: number, error: ErrorCode | undefined): void;
}

export function registerTools(server: McpServer, ctx: ToolContext, observer?: ToolObserver): void {
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: tool.annotations,
      },
      async (args: Record<string, unknown>, extra) => {
        const started = performance.now();
        const log = ctx.logger.child({
          tool: tool.name,
          requestId: extra.requestId,
          client: ctx.client.id,
          server: args.server,
          filename: args.filename,
        });
        let code: ErrorCode | undefined;
        try {
          ctx.access.check(ctx.client, tool.name);
          const out = await tool.run(args, ctx);
          log.info({ ms: Math.round(performance.now() - started), ...out.log }, "tool call ok");
          return { content: [{ type: "text", text: out.text }], structuredContent: out.structured };
        } catch (thrown) {
          const error = BridgeError.from(thrown);
          code = error.code;
          log.warn(
            {
              ms: Math.round(performance.now() - started),
              code,
              err: error.message,
              reason: error.details?.reason,
            },
            "tool call failed",
          );
          return errorResult(error);
        } finally {
          observer?.toolCall(tool.name, (performance.now() - started) / 1000, code);
        }
      },
    );
  }
}
