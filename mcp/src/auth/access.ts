/**
 * The MCP-side access check before anything is queued (the bridge checks again): who the caller is
 * under the CURRENT policy (hot reload applies to connected sessions), whether the role allows the
 * tool, command and target players, and the role's rate limit.
 */
import { approvalReason, BridgeError, type ClientIdentity, type Policy } from "@mcp-bridge/shared";
import type { RateLimiter } from "./rate-limiter.js";

export class Access {
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

  /** The identity when the role may use the tool now, without using up the rate limit (completions). */
  permits(clientId: string, tool: string): ClientIdentity | undefined {
    const client = this.policy().clientById(clientId);
    if (!client) return undefined;
    try {
      this.policy().authorize(client, tool, {});
      return client;
    } catch {
      return undefined;
    }
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
