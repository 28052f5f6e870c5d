/**
 * The Remote API methods we use, typed. In: checked arguments. Out: the game's result, validated
 * (a result of the wrong shape is a SERVER_ERROR, never passed on). No generic passthrough: only
 * these methods can be sent, and none leaves with a `server` or `filename` the checks refuse
 * (tools check first for the precise message; this is the last gate before the socket).
 */
import { BridgeError } from "@mcp-bridge/shared";
import { z } from "zod";
import { checkFilePath } from "./file-path.js";
import type { GameLink } from "./game-link.js";
import { checkHostname } from "./hostname.js";

export const FileContentSchema = z.object({ filename: z.string(), content: z.string() });
export const GameServerSchema = z.object({
  hostname: z.string(),
  hasAdminRights: z.boolean(),
  purchasedByPlayer: z.boolean(),
});
/** Newer game versions: times in ms since the epoch (access, birth, modification). */
export const FileMetadataSchema = z.object({
  filename: z.string(),
  atime: z.number().optional(),
  btime: z.number().optional(),
  mtime: z.number().optional(),
});
export type FileContent = z.infer<typeof FileContentSchema>;
export type GameServer = z.infer<typeof GameServerSchema>;
export type FileMetadata = z.infer<typeof FileMetadataSchema>;

const OK = z.literal("OK");

export class RemoteApi {
  constructor(readonly link: GameLink) {}

  pushFile(server: string, filename: string, content: string) {
    return this.ask("pushFile", { filename, content, server }, OK);
  }
  getFile(server: string, filename: string) {
    return this.ask("getFile", { filename, server }, z.string());
  }
  deleteFile(server: string, filename: string) {
    return this.ask("deleteFile", { filename, server }, OK);
  }
  getFileNames(server: string) {
    return this.ask("getFileNames", { server }, z.array(z.string()));
  }
  getAllFiles(server: string) {
    return this.ask("getAllFiles", { server }, z.array(FileContentSchema));
  }
  calculateRam(server: string, filename: string) {
    return this.ask("calculateRam", { filename, server }, z.number());
  }
  getDefinitionFile() {
    return this.ask("getDefinitionFile", undefined, z.string());
  }
  getAllServers() {
    return this.ask("getAllServers", undefined, z.array(GameServerSchema));
  }
  getFileMetadata(server: string, filename: string) {
    return this.ask("getFileMetadata", { filename, server }, FileMetadataSchema);
  }
  getAllFileMetadata(server: string) {
    return this.ask("getAllFileMetadata", { server }, z.array(FileMetadataSchema));
  }

  private async ask<T>(
    method: string,
    params: { server?: string; filename?: string; content?: string } | undefined,
    schema: z.ZodType<T>,
  ) {
    if (params?.server !== undefined) checkHostname(params.server);
    if (params?.filename !== undefined) checkFilePath(params.filename);
    const result = await this.link.call(method, params);
    const parsed = schema.safeParse(result);
    if (!parsed.success) {
      throw new BridgeError(
        "SERVER_ERROR",
        `Bitburner answered ${method} with an unexpected result: ${parsed.error.issues[0]?.message ?? "wrong shape"}`,
        { details: { method, reason: "GAME_ERROR" } },
      );
    }
    return parsed.data;
  }
}
