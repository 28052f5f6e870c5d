/**
 * Capability check, run after every (re)connect: sends `mcpbridge <hello request>` over RCON.
 * In: the server's answer. Out: mod mode (with the mod's hello data and the negotiated protocol
 * version) when it answers a JSON hello response; vanilla mode when it does not know the command.
 */
import {
  HelloResultSchema,
  makeRequest,
  negotiateVersion,
  parseJson,
  parseResponseWith,
  toAsciiJson,
} from "@mcp-bridge/shared";
import type { z } from "zod";
import { MOD_COMMAND_PREFIX } from "../jobs/mod-command.js";

export type Capability =
  | { mode: "mod"; hello: z.infer<typeof HelloResultSchema>; protocolVersion: string }
  | { mode: "vanilla"; reason: string };

const UNKNOWN_COMMAND = /Unknown or incomplete command|Unknown command/i;

/** Decides the mode from the answer to the hello command (pure, for tests). */
function capabilityFromAnswer(answer: string): Capability {
  const text = answer.trim();
  if (UNKNOWN_COMMAND.test(text)) return { mode: "vanilla", reason: "the server does not know /mcpbridge" };
  let value: unknown;
  try {
    value = parseJson(text);
  } catch {
    return { mode: "vanilla", reason: `unexpected answer to the hello command: ${text.slice(0, 120)}` };
  }
  let hello: z.infer<typeof HelloResultSchema>;
  try {
    hello = parseResponseWith(HelloResultSchema, value).payload.data;
  } catch (error) {
    return { mode: "vanilla", reason: `the mod's hello answer is not usable: ${(error as Error).message}` };
  }
  const protocolVersion = negotiateVersion(hello.protocolVersions);
  if (!protocolVersion) {
    return {
      mode: "vanilla",
      reason: `the mod speaks protocol ${hello.protocolVersions.join(", ")}, which this bridge does not support: upgrade one side`,
    };
  }
  return { mode: "mod", hello, protocolVersion };
}

export async function detectCapability(
  send: (command: string) => Promise<string>,
  serverId: string,
): Promise<Capability> {
  const request = makeRequest("hello", {}, { id: `hello-${serverId}-${Date.now()}` });
  return capabilityFromAnswer(await send(`${MOD_COMMAND_PREFIX}${toAsciiJson(request)}`));
}
