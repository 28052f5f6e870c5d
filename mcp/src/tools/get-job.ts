import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { ToolDeps } from "../deps.js";
import { registerCheckedTool } from "./register.js";
import { okResult, serverArg } from "./tool-kit.js";

const name = "get_job";

const config = (deps: ToolDeps) => ({
  title: "Check a queued job",
  description:
    "Reports the state of a job that an earlier tool call left queued (it said 'still queued' and gave a " +
    "job id): waiting, active, delayed (retrying), completed with its result, or failed with its error.",
  inputSchema: z.object({
    jobId: z.string().min(1).max(128).describe("The job id from the earlier result"),
    server: serverArg(deps.servers),
  }),
  outputSchema: z.object({
    jobId: z.string(),
    serverId: z.string(),
    op: z.string(),
    state: z.string(),
    attemptsMade: z.number().int(),
    data: z.unknown().optional(),
    error: z.object({ code: z.string(), message: z.string() }).optional(),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
});

export function registerGetJobTool(server: McpServer, deps: ToolDeps): void {
  registerCheckedTool(server, deps, name, config(deps), async (args, { serverId }) => {
    const report = await deps.jobs.report(serverId, args.jobId);
    const tail = report.error
      ? `failed: ${report.error.code}: ${report.error.message}`
      : report.state === "completed"
        ? `result: ${JSON.stringify(report.data)}`
        : "not finished yet; check again later";
    return okResult(`Job ${report.jobId} (${report.op}) is ${report.state}; ${tail}`, { ...report });
  });
}
