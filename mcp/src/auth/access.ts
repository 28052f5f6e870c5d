/**
 * The MCP-side access check before anything is queued (the bridge checks again): who the caller is
 * under the CURRENT policy (hot reload applies to connected sessions), whether the role allows the
 * tool, command and target players, and the role's rate limit.
 */
import { approvalReason, BridgeError, type ClientIdentity, type Policy } from "@mcp-bridge/shared";
import type { RateLimiter } from "./rate-limiter.js";

/**
 * The pull tools that read the event stream, and what each shows: these decide what a session also
 * receives as push (logging notifications, resources/updated) and reads as minecraft:// resources.
 */
export const EVENT_READ_TOOLS = [
  { tool: "get_events", scope: "all" },
  { tool: "wait_for_events", scope: "all" },
  { tool: "search_events", scope: "all" },
  { tool: "get_chat_history", scope: "chat" },
] as const;

/** What a client may read of the event stream: everything, chat only, or nothing. */
export interface EventAccess {
  scope: "all" | "chat" | "none";
  /** The pull tool that grants it (for the rate limit of a resource read). */
  tool?: string;
}

export class Access {
  /** Per policy (hot reload makes a new one), client and tool: the answers of permits. */
  private readonly allowed = new WeakMap<Policy, Map<string, ClientIdentity | undefined>>();

  constructor(
    private readonly policy: () => Policy,
    private readonly limiter: RateLimiter,
  ) {}

  /** The client's identity and role now; AUTH_FAILED when the policy no longer lists it. */
  identity(clientId: string): ClientIdentity {
    const client = this.policy().clientById(clientId);
    if (!client) {
      throw new BridgeError(
        "AUTH_FAILED",
        `Client '${clientId}' is not (or no longer) in the policy file; ask the admin to add it`,
      );
    }
    return client;
  }

  /**
   * The identity when the role may use the tool now, without using up the rate limit (completions,
   * push). Answers are cached per policy object (a reload makes a new one): cheap enough for every
   * pushed event.
   */
  permits(clientId: string, tool: string): ClientIdentity | undefined {
    const policy = this.policy();
    let cache = this.allowed.get(policy);
    if (!cache) {
      cache = new Map();
      this.allowed.set(policy, cache);
    }
    const key = `${clientId}\u0000${tool}`;
    if (!cache.has(key)) {
      const client = policy.clientById(clientId);
      let answer: ClientIdentity | undefined;
      try {
        if (client) policy.authorize(client, tool, {});
        answer = client;
      } catch {
        answer = undefined;
      }
      cache.set(key, answer);
    }
    return cache.get(key);
  }

  /** What the client could read with the pull event tools; push and resources show no more. */
  eventAccess(clientId: string): EventAccess {
    let chat: EventAccess | undefined;
    for (const { tool, scope } of EVENT_READ_TOOLS) {
      if (!this.permits(clientId, tool)) continue;
      if (scope === "all") return { scope, tool };
      chat ??= { scope, tool };
    }
    return chat ?? { scope: "none" };
  }

  /** Why the role needs a person's approval for this call under the current policy, or undefined. */
  approvalReason(client: ClientIdentity, tool: string, args: Record<string, unknown>): string | undefined {
    return approvalReason(this.policy().role(client.role)?.confirm, tool, args);
  }

  /** Throws PERMISSION_DENIED / RATE_LIMITED / AUTH_FAILED; returns the identity to sign jobs with. */
  async check(clientId: string, tool: string, args: Record<string, unknown> = {}): Promise<ClientIdentity> {
    const client = this.identity(clientId);
    const policy = this.policy();
    policy.authorize(client, tool, args);
    await this.limiter.consume(client.id, policy.role(client.role)?.rateLimit?.perMinute);
    return client;
  }
}
