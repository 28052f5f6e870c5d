/**
 * The MCP-side access check before anything is queued (the bridge checks again): who the caller is
 * under the CURRENT policy (hot reload applies to connected sessions), whether the role allows the
 * tool, command and target players, and the role's rate limit.
 */
import { BridgeError, type ClientIdentity, type Policy } from "@mcp-bridge/shared";
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

  /** Throws PERMISSION_DENIED / RATE_LIMITED / AUTH_FAILED; returns the identity to sign jobs with. */
  async check(clientId: string, tool: string, args: Record<string, unknown> = {}): Promise<ClientIdentity> {
    const client = this.identity(clientId);
    const policy = this.policy();
    policy.authorize(client, tool, args);
    await this.limiter.consume(client.id, policy.role(client.role)?.rateLimit?.perMinute);
    return client;
  }
}
