/**
 * The authorization policy shared by the MCP server and the bridge:
 * clients (token hash -> id, role) and roles (allowed tools, command patterns, target players,
 * rate limit). Command patterns are anchored regexes compiled once; a pattern that pattern safety
 * refuses (pattern-safety.ts: too long, not compiling, backreferences, nested quantifiers) makes the
 * whole policy invalid. Every execute_command goes through the command gate (command-gate.ts, the
 * mod's rules) with the role's patterns and maxCommandLength.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { CommandGate, DEFAULT_MAX_COMMAND_LENGTH, displayCommand } from "./command-gate.js";
import { commandTargetProblem } from "./command-targets.js";
import { BridgeError } from "./errors.js";
import { commandRuleProblem, type RuleProblem, typedRuleProblem } from "./game-rules.js";
import { patternProblem } from "./pattern-safety.js";
import { checkRegion } from "./region-limit.js";
import { MAX_COMMAND_LENGTH, operationDescriptor } from "./schemas/operations.js";

/** Calls of a role that a person must approve first (MCP elicitation; see approval.ts). */
export const ConfirmSchema = z.object({
  /** Tool names or globs. */
  tools: z.array(z.string().min(1)).default([]),
  /** Regexes (anchored for you): execute_command commands that match need approval. */
  commands: z.array(z.string().min(1)).default([]),
  /** give_item with a quantity above this needs approval. */
  quantityAbove: z.number().int().nonnegative().optional(),
});
export type Confirm = z.infer<typeof ConfirmSchema>;

const Vec3Schema = z.tuple([z.number().finite(), z.number().finite(), z.number().finite()]);
/** A box in one world: every coordinate between min and max, inclusive. */
export const RegionBoxSchema = z
  .object({ min: Vec3Schema, max: Vec3Schema })
  .refine((box) => box.min.every((v, i) => v <= box.max[i]!), "min must not exceed max on any axis");

export const RoleSchema = z.object({
  /** Tool names or globs (`get_*`, `*`). */
  tools: z.array(z.string().min(1)).default([]),
  /** Regexes a whole execute_command command must match (anchored for you). */
  commands: z.array(z.string().min(1)).default([]),
  /** Players that write operations may target; `*` for all. */
  players: z.array(z.string().min(1)).default(["*"]),
  /**
   * Where the role may act, a box per world (names as canonicalWorld reads them): the typed tools'
   * positions and every coordinate of a raw command must lie inside; absent: anywhere.
   */
  region: z.record(z.string().min(1), RegionBoxSchema).optional(),
  /** Longest execute_command command the role may send, in chars (the mod's max_command_length rule). */
  maxCommandLength: z.number().int().min(1).max(MAX_COMMAND_LENGTH).default(DEFAULT_MAX_COMMAND_LENGTH),
  rateLimit: z.object({ perMinute: z.number().int().positive() }).optional(),
  /** Largest file a write may carry, in UTF-8 bytes (bitburner's write_file); the server's own limit still applies. */
  maxWriteBytes: z.number().int().positive().optional(),
  confirm: ConfirmSchema.optional(),
});
export type Role = z.infer<typeof RoleSchema>;

export const PolicyClientSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/),
  role: z.string().min(1),
  /** sha256 hex of the client's bearer token (HTTP). Clients without one can only be used over stdio. */
  tokenSha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});
export type PolicyClient = z.infer<typeof PolicyClientSchema>;

export const PolicySchema = z
  .object({
    roles: z.record(z.string(), RoleSchema),
    clients: z.array(PolicyClientSchema),
  })
  .superRefine((policy, ctx) => {
    policy.clients.forEach((client, i) => {
      if (!policy.roles[client.role]) {
        ctx.addIssue({
          code: "custom",
          path: ["clients", i, "role"],
          message: `unknown role '${client.role}'`,
        });
      }
    });
    for (const [name, role] of Object.entries(policy.roles)) {
      role.commands.forEach((pattern, i) => {
        const problem = patternProblem(pattern);
        if (problem) ctx.addIssue({ code: "custom", path: ["roles", name, "commands", i], message: problem });
      });
      role.confirm?.commands.forEach((pattern, i) => {
        const problem = patternProblem(pattern);
        if (problem)
          ctx.addIssue({ code: "custom", path: ["roles", name, "confirm", "commands", i], message: problem });
      });
    }
  });
export type PolicyDocument = z.infer<typeof PolicySchema>;

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
  return new RegExp(`^${escaped}$`);
}

export interface ClientIdentity {
  id: string;
  role: string;
}

/** A validated policy with compiled patterns. Immutable: reloads build a new one. */
export class Policy {
  private readonly tools = new Map<string, RegExp[]>();
  private readonly gates = new Map<string, CommandGate>();
  /** Each client's token digest as bytes, decoded once (checked on every HTTP request). */
  private readonly digests: { client: ClientIdentity; digest: Buffer }[] = [];

  constructor(readonly document: PolicyDocument) {
    for (const c of document.clients) {
      if (c.tokenSha256) {
        this.digests.push({ client: { id: c.id, role: c.role }, digest: Buffer.from(c.tokenSha256, "hex") });
      }
    }
    for (const [name, role] of Object.entries(document.roles)) {
      this.tools.set(name, role.tools.map(globToRegExp));
      this.gates.set(name, new CommandGate(role.commands, role.maxCommandLength));
    }
  }

  static parse(value: unknown): Policy {
    const result = PolicySchema.safeParse(value);
    if (!result.success) {
      const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
      throw new BridgeError("SCHEMA_ERROR", `Invalid policy: ${problems.join("; ")}`, {
        details: { problems },
      });
    }
    return new Policy(result.data);
  }

  role(name: string): Role | undefined {
    return this.document.roles[name];
  }

  /** Finds the client whose token hash matches, in constant time per client. */
  clientByToken(token: string): ClientIdentity | undefined {
    const digest = createHash("sha256").update(token).digest();
    for (const { client, digest: expected } of this.digests) {
      if (expected.length === digest.length && timingSafeEqual(expected, digest)) return { ...client };
    }
    return undefined;
  }

  clientById(id: string): ClientIdentity | undefined {
    const client = this.document.clients.find((c) => c.id === id);
    return client && { id: client.id, role: client.role };
  }

  /** Throws PERMISSION_DENIED (naming what was refused) unless the role allows the tool call. */
  authorize(client: ClientIdentity, tool: string, args: Record<string, unknown> = {}): void {
    const role = this.role(client.role);
    if (!role)
      throw denied(`Client '${client.id}' has role '${client.role}', which the policy does not define`);
    if (!(this.tools.get(client.role) ?? []).some((re) => re.test(tool))) {
      throw denied(`Role '${client.role}' may not use tool '${tool}'`, { tool });
    }
    const descriptor = operationDescriptor(tool);
    if (tool === "execute_command" && typeof args.command === "string") {
      const command = this.checkCommand(client.role, args.command);
      if (!role.players.includes("*")) checkTargets(client.role, role.players, command);
      const rule = commandRuleProblem(command);
      if (rule) throw ruleRefusal(rule, "payload.args.command", displayCommand(command));
    }
    const rule = typedRuleProblem(descriptor?.items, args);
    if (rule)
      throw ruleRefusal(
        rule,
        `payload.args.${rule.kind === "bound" ? descriptor?.items?.count : descriptor?.items?.item}`,
      );
    if (role.region) checkRegion(client.role, role.region, tool, args, descriptor);
    if (!role.players.includes("*")) {
      const everyone = descriptor?.everyoneUnless;
      if (everyone !== undefined && args[everyone] === undefined) {
        throw denied(
          `Role '${client.role}' may reach only ${role.players.join(", ")}; ${tool} without '${everyone}' reaches every player: name a '${everyone}'`,
          { field: `payload.args.${everyone}` },
        );
      }
      for (const key of descriptor?.players ?? []) {
        const player = args[key];
        if (typeof player === "string" && !includesPlayer(role.players, player)) {
          throw denied(`Role '${client.role}' may not target player '${player}'`, { player });
        }
      }
    }
  }

  /** The command gate with the role's patterns and length limit: the command to run, or throws. */
  private checkCommand(roleName: string, raw: string): string {
    const gate = this.gates.get(roleName)!;
    const verdict = gate.verdict(raw);
    if (verdict.allowed) return verdict.command;
    const where = `the allowed command patterns of role '${roleName}'`;
    switch (verdict.kind) {
      case "too_long":
        throw new BridgeError(
          "INVALID_ARGS",
          `Command is ${verdict.command.length} chars long; role '${roleName}' allows at most ${gate.maxLength} (its maxCommandLength in the policy file)`,
          {
            details: {
              command: verdict.display,
              field: "payload.args.command",
              reason: `longer than ${gate.maxLength} chars`,
              max: gate.maxLength,
            },
          },
        );
      case "not_allowed":
        throw denied(`Command '${verdict.display}' is not in ${where}`, { command: verdict.display });
      case "nested_not_allowed":
        throw denied(
          `Command '${verdict.display}' is refused: the command after 'run' ('${verdict.nested}') is not in ${where}`,
          { command: verdict.display },
        );
      default:
        throw denied(`Command '${verdict.display}' is refused: ${verdict.why}`, { command: verdict.display });
    }
  }
}

/** A role limited to players may run a raw command only when every player it targets is theirs. */
function checkTargets(roleName: string, players: readonly string[], command: string): void {
  const problem = commandTargetProblem(command, players);
  if (!problem) return;
  const display = displayCommand(command);
  const limit = `role '${roleName}' may target only ${players.join(", ")}`;
  const message =
    problem.kind === "not_listed"
      ? `Role '${roleName}' may not target player '${problem.token}' in command '${display}' (its players: ${players.join(", ")})`
      : `Command '${display}' is refused: ${problem.why} (${limit}; a role with "players": ["*"] has no such limit)`;
  throw denied(message, {
    command: display,
    ...(problem.kind === "unchecked" ? {} : { player: displayCommand(problem.token) }),
  });
}

/** The operator-item and bounds rules (game-rules.ts) hold for every role: an operator item is never allowed. */
function ruleRefusal(rule: RuleProblem, field: string, command?: string): BridgeError {
  const where = command === undefined ? "" : ` in command '${command}'`;
  if (rule.kind === "bound") {
    return new BridgeError("INVALID_ARGS", `Refused${where}: ${rule.why}; use a value up to ${rule.max}`, {
      details: {
        field,
        reason: rule.why,
        ...(rule.max === undefined ? {} : { max: rule.max }),
        ...(command ? { command } : {}),
      },
    });
  }
  return denied(`Refused${where}: ${rule.why}`, command ? { command } : undefined);
}

/** Minecraft player names are case-insensitive. */
function includesPlayer(players: readonly string[], player: string): boolean {
  const lower = player.toLowerCase();
  return players.some((p) => p.toLowerCase() === lower);
}

function denied(message: string, details?: Record<string, unknown>) {
  return new BridgeError("PERMISSION_DENIED", message, { details });
}
