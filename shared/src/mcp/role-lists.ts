/**
 * Lists follow the caller's role: tools/list, prompts/list, resources/list and
 * resources/templates/list show only what the session's client may use now, and completion/complete
 * offers nothing for a hidden prompt or template. The rules are the packages' call-time checks (a
 * tool is listed iff calling it would pass the policy), so the lists cannot disagree with the
 * refusals. Requests are still checked when they come, by the same checks: a tool call (or prompt,
 * or read) the client was never shown gets the policy's PERMISSION_DENIED with its reason.
 *
 * When the policy is replaced (hot reload), the lists are worked out again and, for each kind whose
 * visible set changed, the session gets notifications/{tools,prompts,resources}/list_changed.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { PolicyWatch } from "../policy-store.js";
import { type SdkHandler, wrapSdkHandler } from "./sdk-handlers.js";

/** What the session's client may use now; a rule left out shows everything of its kind. */
export interface RoleListRules {
  tool(name: string): boolean;
  prompt?(name: string): boolean;
  /** By URI (minecraft://players). */
  resource?(uri: string): boolean;
  /** By URI template (minecraft://players/{name}). */
  template?(uriTemplate: string): boolean;
}

type Entry = Record<string, unknown>;

interface Kind {
  method: string;
  /** The field of the list result that holds the entries, and the one that names an entry. */
  field: string;
  id: string;
  visible(rules: RoleListRules, id: string): boolean;
  notify(server: McpServer): Promise<void>;
}

const notifyResources = (s: McpServer) => s.server.sendResourceListChanged();

const KINDS: readonly Kind[] = [
  {
    method: "tools/list",
    field: "tools",
    id: "name",
    visible: (r, id) => r.tool(id),
    notify: (s) => s.server.sendToolListChanged(),
  },
  {
    method: "prompts/list",
    field: "prompts",
    id: "name",
    visible: (r, id) => r.prompt?.(id) ?? true,
    notify: (s) => s.server.sendPromptListChanged(),
  },
  {
    method: "resources/list",
    field: "resources",
    id: "uri",
    visible: (r, id) => r.resource?.(id) ?? true,
    notify: notifyResources,
  },
  {
    method: "resources/templates/list",
    field: "resourceTemplates",
    id: "uriTemplate",
    visible: (r, id) => r.template?.(id) ?? true,
    notify: notifyResources,
  },
];

const kindOf = (method: string) => KINDS.find((k) => k.method === method)!;

const EMPTY_COMPLETION = { completion: { values: [], hasMore: false } };

/**
 * Installs the filters on a session's server. Call it after every tool, prompt and resource is
 * registered (the SDK installs its handlers on the first registration of each kind). With `watch`,
 * policy reloads send list_changed while the session is connected; closing the session unsubscribes.
 */
export function listOnlyPermitted(
  server: McpServer,
  rules: RoleListRules,
  watch?: PolicyWatch,
  onError: (error: unknown) => void = () => undefined,
): void {
  const originals = new Map<Kind, SdkHandler>();
  for (const kind of KINDS) {
    const original = wrapSdkHandler(server, kind.method, (sdk) => async (request, extra) => {
      const result = (await sdk(request, extra)) as Entry;
      const entries = (result[kind.field] as Entry[]).filter((e) => kind.visible(rules, String(e[kind.id])));
      return { ...result, [kind.field]: entries };
    });
    if (original) originals.set(kind, original);
  }
  const prompts = kindOf("prompts/list");
  const templates = kindOf("resources/templates/list");
  // Hidden: the rule refuses it and it exists (an unknown name keeps the SDK's -32602 answer).
  const hidden = async (kind: Kind, id: string) =>
    !kind.visible(rules, id) && (await listedIds(kind, originals)).includes(id);
  wrapSdkHandler(server, "completion/complete", (sdk) => async (request, extra) => {
    const ref = (request as { params: { ref: { type: string; name?: string; uri?: string } } }).params.ref;
    if (ref.type === "ref/prompt" && (await hidden(prompts, String(ref.name)))) return EMPTY_COMPLETION;
    if (ref.type === "ref/resource" && (await hidden(templates, String(ref.uri)))) return EMPTY_COMPLETION;
    return sdk(request, extra);
  });
  if (watch) followPolicy(server, rules, originals, watch, onError);
}

/** Every id the SDK lists for the kind, before the role's filter. */
async function listedIds(kind: Kind, originals: Map<Kind, SdkHandler>): Promise<string[]> {
  const original = originals.get(kind);
  if (!original) return [];
  // The SDK's list handlers read neither the request's params nor extra (no list callbacks here).
  const result = (await original({ method: kind.method, params: {} }, {})) as Entry;
  return (result[kind.field] as Entry[]).map((e) => String(e[kind.id]));
}

/** The ids each kind would list now, as one comparable string per kind. */
async function visibleNow(
  rules: RoleListRules,
  originals: Map<Kind, SdkHandler>,
): Promise<Map<Kind, string>> {
  const seen = new Map<Kind, string>();
  for (const kind of originals.keys()) {
    const ids = await listedIds(kind, originals);
    seen.set(kind, ids.filter((id) => kind.visible(rules, id)).join("\n"));
  }
  return seen;
}

function followPolicy(
  server: McpServer,
  rules: RoleListRules,
  originals: Map<Kind, SdkHandler>,
  watch: PolicyWatch,
  onError: (error: unknown) => void,
): void {
  let last = visibleNow(rules, originals);
  last.catch(onError);
  const unsubscribe = watch(() => {
    const previous = last;
    last = (async () => {
      const before = await previous.catch(() => new Map<Kind, string>());
      const now = await visibleNow(rules, originals);
      if (!server.isConnected()) return now;
      const changed = new Set<Kind["notify"]>(); // one resources/list_changed for both resource kinds
      for (const [kind, ids] of now) if (before.get(kind) !== ids) changed.add(kind.notify);
      await Promise.all([...changed].map((notify) => notify(server)));
      return now;
    })();
    last.catch(onError);
  });
  const previousOnClose = server.server.onclose;
  server.server.onclose = () => {
    unsubscribe();
    previousOnClose?.();
  };
}
