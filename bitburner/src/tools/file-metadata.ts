/** get_file_metadata and get_all_file_metadata: Bitburner 3.0.0 and newer (older ones answer UNSUPPORTED). */
import { BridgeError } from "@mcp-bridge/shared";
import { z } from "zod";
import { FEATURES } from "../game/game-versions.js";
import { checkHostname } from "../game/hostname.js";
import type { FileMetadata } from "../game/remote-api.js";
import { defineTool, filenameArg, gameFilePath, READ_ONLY, serverArg, type ToolContext } from "./tool-kit.js";

const MetadataSchema = z.object({
  filename: z.string(),
  createdAt: z.string().optional(),
  modifiedAt: z.string().optional(),
  accessedAt: z.string().optional(),
});

const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

function described(m: FileMetadata) {
  return {
    filename: m.filename,
    createdAt: iso(m.btime),
    modifiedAt: iso(m.mtime),
    accessedAt: iso(m.atime),
  };
}

const line = (m: ReturnType<typeof described>) =>
  `${m.filename}: created ${m.createdAt ?? "?"}, modified ${m.modifiedAt ?? "?"}`;

/** UNSUPPORTED, naming the connected game's version, when it has no file metadata methods. */
async function requireMetadata(ctx: ToolContext, server: string, method: string): Promise<void> {
  checkHostname(server);
  const game = await ctx.game.profile();
  if (game.fileMetadata) return;
  throw new BridgeError(
    "UNSUPPORTED",
    `The connected game (Bitburner ${game.version}) has no ${method} in its Remote API; it came with ${FEATURES.fileMetadata.since}`,
    { details: { reason: "UNKNOWN_METHOD", method, gameVersion: game.version } },
  );
}

const VERSION_NOTE = " Needs Bitburner 3.0.0 or newer; older ones answer UNSUPPORTED.";

export const getFileMetadataTool = defineTool({
  name: "get_file_metadata",
  title: "File times",
  description: `When a file was created, modified and last read (Remote API getFileMetadata).${VERSION_NOTE}`,
  input: z.strictObject({ filename: filenameArg, server: serverArg }),
  output: z.object({ server: z.string(), metadata: MetadataSchema }),
  annotations: READ_ONLY,
  async run({ filename, server }, ctx) {
    const path = await gameFilePath(ctx, server, filename);
    await requireMetadata(ctx, server, "getFileMetadata");
    const metadata = described(await ctx.api.getFileMetadata(server, path));
    return { text: line(metadata), structured: { server, metadata } };
  },
});

export const getAllFileMetadataTool = defineTool({
  name: "get_all_file_metadata",
  title: "Times of all files",
  description: `Creation and modification times of every file on a server (Remote API getAllFileMetadata).${VERSION_NOTE}`,
  input: z.strictObject({ server: serverArg }),
  output: z.object({ server: z.string(), files: z.array(MetadataSchema), count: z.number().int() }),
  annotations: READ_ONLY,
  async run({ server }, ctx) {
    await requireMetadata(ctx, server, "getAllFileMetadata");
    const files = (await ctx.api.getAllFileMetadata(server)).map(described);
    return {
      text: `${files.length} files on ${server}:\n${files.map(line).join("\n")}`,
      structured: { server, files, count: files.length },
      log: { count: files.length },
    };
  },
});
