/**
 * Who may do what. With a policy file: the client's role must allow the tool (globs, as in every
 * package), and a write may not exceed the role's `maxWriteBytes`. Without one (a local stdio run),
 * the single local client may use every tool. The server-wide FILE_WRITE_MAX_BYTES always applies.
 */
import { BridgeError, type ClientIdentity, type Policy } from "@mcp-bridge/shared";

export class Access {
  constructor(
    private readonly policy: (() => Policy) | undefined,
    private readonly serverMaxWriteBytes: number,
  ) {}

  /** Throws PERMISSION_DENIED unless the client's role allows the tool. */
  check(client: ClientIdentity, tool: string): void {
    this.policy?.().authorize(client, tool);
  }

  /** Whether `check` would pass now: the tools a session lists (shared/src/mcp/role-lists.ts). */
  permits(client: ClientIdentity, tool: string): boolean {
    try {
      this.check(client, tool);
      return true;
    } catch {
      return false;
    }
  }

  /** The largest write this client may send. */
  maxWriteBytes(client: ClientIdentity): number {
    const role = this.policy?.().role(client.role);
    return Math.min(this.serverMaxWriteBytes, role?.maxWriteBytes ?? Number.POSITIVE_INFINITY);
  }

  /** Throws INVALID_ARGS naming both sizes when content is over the client's limit. */
  checkWriteSize(client: ClientIdentity, content: string): number {
    const bytes = Buffer.byteLength(content, "utf8");
    const limit = this.maxWriteBytes(client);
    if (bytes > limit) {
      throw new BridgeError(
        "INVALID_ARGS",
        `content is ${bytes} bytes (UTF-8); the limit for role '${client.role}' is ${limit} bytes. Split the file into smaller modules`,
        { details: { field: "content", bytes, limit } },
      );
    }
    return bytes;
  }

  /** The identity of a policy client, or PERMISSION_DENIED when the policy has no such client. */
  identity(clientId: string): ClientIdentity {
    if (!this.policy) return { id: clientId, role: "local" };
    const client = this.policy().clientById(clientId);
    if (!client) throw new BridgeError("AUTH_FAILED", `Client '${clientId}' is not in the policy file`);
    return client;
  }
}
