/**
 * Which calls a person must approve before they run (a role's `confirm` in the policy file): chosen
 * tools, execute_command commands matching a pattern, a count above a quantity (operations whose
 * descriptor says `approval: "count"`: give_item). The MCP server asks
 * through elicitation; the bridge cannot ask anyone, so this is an MCP-side gate only.
 */
import { type Confirm, globToRegExp } from "./policy.js";
import { operationDescriptor } from "./schemas/operations.js";

interface Compiled {
  tools: RegExp[];
  commands: RegExp[];
}

/** Policies are immutable (reloads build new ones), so compiled patterns can hang off each object. */
const compiled = new WeakMap<Confirm, Compiled>();

function compile(confirm: Confirm): Compiled {
  let c = compiled.get(confirm);
  if (!c) {
    c = {
      tools: confirm.tools.map(globToRegExp),
      commands: confirm.commands.map((p) => new RegExp(`^(?:${p})$`)),
    };
    compiled.set(confirm, c);
  }
  return c;
}

/** Why a person must approve this call, or undefined when it may run without asking. */
export function approvalReason(
  confirm: Confirm | undefined,
  tool: string,
  args: Record<string, unknown>,
): string | undefined {
  if (!confirm) return undefined;
  const c = compile(confirm);
  if (c.tools.some((re) => re.test(tool))) return `the policy asks for approval of every ${tool} call`;
  if (tool === "execute_command" && typeof args.command === "string") {
    const command = args.command.replace(/^\//, "");
    const pattern = c.commands.findIndex((re) => re.test(command));
    if (pattern >= 0) return `the command matches the approval pattern '${confirm.commands[pattern]}'`;
  }
  const descriptor = operationDescriptor(tool);
  const count = descriptor?.approval === "count" ? args[descriptor.items?.count ?? ""] : undefined;
  if (confirm.quantityAbove !== undefined && typeof count === "number" && count > confirm.quantityAbove) {
    return `the policy asks for approval of ${tool} above ${confirm.quantityAbove} items`;
  }
  return undefined;
}

/** How a call reads to the person asked: the command itself, or the tool and its arguments. */
export function describeCall(tool: string, args: Record<string, unknown>): string {
  if (tool === "execute_command" && typeof args.command === "string")
    return `\`${args.command.replace(/^\//, "")}\``;
  return `${tool} ${JSON.stringify(args)}`;
}
