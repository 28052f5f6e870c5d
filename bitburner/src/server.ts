/**
 * `createServer(deps, client)`: one McpServer (one session) with every tool, for any transport.
 * Process-wide parts (game link, definitions cache, access, metrics) come in `deps`. tools/list
 * shows the tools the client's role may call, and changes (list_changed) when a reload changes that.
 */
import type { ClientIdentity, Logger, PolicyWatch } from "@mcp-bridge/shared";
import {
  codeInvalidArguments,
  lazyJsonSchemaValidator,
  listOnlyPermitted,
} from "@mcp-bridge/shared/mcp-stdio";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Access } from "./access.js";
import type { DefinitionsCache } from "./definitions/definitions-cache.js";
import type { GameCapabilities } from "./game/game-capabilities.js";
import type { RemoteApi } from "./game/remote-api.js";
import { registerTools, type ToolObserver } from "./tools/index.js";
import { ERROR_META_KEY } from "./tools/tool-kit.js";
import { VERSION } from "./version.js";

export interface ServerDeps {
  api: RemoteApi;
  game: GameCapabilities;
  access: Access;
  definitions: DefinitionsCache;
  logger: Logger;
  observer?: ToolObserver;
  /** Policy reloads (absent when the policy is fixed or there is none). */
  policyChanges?: PolicyWatch;
}

const INSTRUCTIONS =
  "Tools for the files of a running Bitburner game (scripts and text files on its in-game servers). " +
  "The game must be connected (Options -> Remote API). Use list_servers and list_files to look around, " +
  "read_file/write_file to edit scripts, calculate_ram to check a script's cost, and " +
  "get_netscript_definitions (index, one section, or search) for the Netscript API.";

export function createServer(deps: ServerDeps, client: ClientIdentity): McpServer {
  const server = new McpServer(
    { name: "bitburner-mcp", version: VERSION },
    {
      capabilities: { tools: {} },
      instructions: INSTRUCTIONS,
      jsonSchemaValidator: lazyJsonSchemaValidator(),
    },
  );
  registerTools(
    server,
    {
      api: deps.api,
      game: deps.game,
      access: deps.access,
      definitions: deps.definitions,
      client,
      logger: deps.logger,
    },
    deps.observer,
  );
  codeInvalidArguments(server, ERROR_META_KEY);
  listOnlyPermitted(
    server,
    { tool: (name) => deps.access.permits(client, name) },
    deps.policyChanges,
    (error) => deps.logger.warn({ err: (error as Error).message }, "could not send tools/list_changed"),
  );
  return server;
}
