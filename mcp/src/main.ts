#!/usr/bin/env node
/**
 * Process entry of `minecraft-mcp`: stdio by default, Streamable HTTP with `--http` or `http`.
 * The shared skeleton (runMcpProcess) loads the config (every problem listed, exit 2), logs version,
 * config summary and Redis status to stderr (docs/properties.md, #14) and serves until
 * SIGINT/SIGTERM or, for stdio, until stdin closes. What the process is: mcp-process.ts.
 */
import { runMcpProcess } from "@mcp-bridge/shared";
import { mcpProcess } from "./mcp-process.js";

runMcpProcess(mcpProcess);
