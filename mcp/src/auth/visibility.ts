/**
 * What a session is shown (the lists of shared/src/mcp/role-lists.ts), from the same checks its
 * calls meet: a tool iff the role may call it (Access.permits: the call-time policy check without
 * the rate limit); a prompt iff the role may call every tool the prompt tells the model to use; a
 * resource or template iff the role may use the tool it reads through; NPC histories and recent
 * events iff the role may read events (Access.eventAccess). A prompt or URI missing here is hidden.
 */
import type { RoleListRules } from "@mcp-bridge/shared/mcp";
import type { ToolDeps } from "../deps.js";
import { RESOURCE_URIS } from "../resources/index.js";
import { NPC_URI } from "../resources/npcs.js";
import { TEMPLATE_URIS } from "../resources/templates.js";

/** A tool name, or EVENTS: any of the event-read tools. */
const EVENTS = Symbol("event-read");
type Need = string | typeof EVENTS;

/** The tools each prompt's steps call (optional steps, such as give_item in welcome_players, aside). */
const PROMPT_NEEDS: Record<string, readonly Need[]> = {
  summarise_events: ["get_events"],
  welcome_players: ["get_events", "wait_for_events", "send_message"],
  investigate_death: ["get_events", "get_player_info", "get_online_players"],
  moderate_chat: ["get_chat_history"],
  npc_conversation: [EVENTS],
};

const URI_NEEDS: Record<string, Need> = {
  [RESOURCE_URIS.recentEvents]: EVENTS,
  [RESOURCE_URIS.players]: "get_online_players",
  [RESOURCE_URIS.server]: "get_server_info",
  [TEMPLATE_URIS.player]: "get_player_info",
  [TEMPLATE_URIS.events]: "get_events",
  [NPC_URI]: EVENTS,
};

export function sessionListRules(deps: ToolDeps): RoleListRules {
  const clientId = deps.session.clientId;
  const may = (need: Need | undefined): boolean => {
    if (need === undefined) return false;
    if (need === EVENTS) return deps.access.eventAccess(clientId).scope !== "none";
    return deps.access.permits(clientId, need) !== undefined;
  };
  return {
    tool: (name) => may(name),
    prompt: (name) => (PROMPT_NEEDS[name] ?? [undefined]).every(may),
    resource: (uri) => may(URI_NEEDS[uri]),
    template: (uriTemplate) => may(URI_NEEDS[uriTemplate]),
  };
}
