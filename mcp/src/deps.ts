/** What createServer needs: process-wide services (shared by all sessions) and one session's state. */

import type { NpcRecords, PolicyWatch } from "@mcp-bridge/shared";
import type { StreamReader } from "@mcp-bridge/shared/events";
import type { JobClient } from "@mcp-bridge/shared/queue";
import type { Logger } from "pino";
import type { Access } from "./auth/access.js";
import type { Approver } from "./auth/approval.js";
import type { EventLog } from "./events/event-log.js";
import type { EventWaiter } from "./events/event-waiter.js";
import type { Subscription } from "./events/subscription.js";

export interface ServerDeps {
  /** Minecraft server ids; the first is the default of every `server` argument. */
  servers: string[];
  access: Access;
  jobs: JobClient;
  events: EventLog;
  waiter: EventWaiter;
  reader: StreamReader;
  /** The NPC service's registry and histories in Redis (read only here). */
  npcs: NpcRecords;
  logger: Logger;
  version: string;
  /** Policy reloads (absent when the policy is fixed): sessions redo their lists and send list_changed. */
  policyChanges?: PolicyWatch;
}

export interface SessionContext {
  /** The policy client this session acts as; its role is looked up on every call (hot reload). */
  clientId: string;
  subscription: Subscription;
  /**
   * The resource URIs the client subscribed to (resources/subscribe). Given by HTTP, which rebuilds
   * a dormant session's McpServer with the same set; a new set when absent.
   */
  resourceSubscriptions?: Set<string>;
}

export interface ToolDeps extends ServerDeps {
  session: SessionContext;
  /** Asks the session's user to approve calls the policy marks; without it such calls are refused. */
  approver?: Approver;
}
