/** get_file_metadata and get_all_file_metadata: newer game versions only (older ones answer UNSUPPORTED). */
import { z } from "zod";
import { checkFilePath } from "../game/file-path.js";
import type { FileMetadata } from "../game/remote-api.js";
import { defineTool, filenameArg, READ_ONLY, serverArg } from "./tool-kit.js";

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

const VERSION_NOTE =
  " Needs a Bitburner version whose Remote API has file metadata; older ones answer UNSUPPORTED.";

export const getFileMetadataTool = defineTool({
  name: "get_file_metadata",
  title: "File times",
  description: `When a file was created, modified and last read (Remote API getFileMetadata).${VERSION_NOTE}`,
  input: z.strictObject({ filename: filenameArg, server: serverArg }),
  output: z.object({ server: z.string(), metadata: MetadataSchema }),
  annotations: READ_ONLY,
  async run({ filename, server }, { api }) {
    const metadata = described(await api.getFileMetadata(server, checkFilePath(filename)));
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
  async run({ server }, { api }) {
    const files = (await api.getAllFileMetadata(server)).map(described);
    return {
      text: `${files.length} files on ${server}:\n${files.map(line).join("\n")}`,
      structured: { server, files, count: files.length },
      log: { count: files.length },
    };
  },
});
