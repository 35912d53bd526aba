import fs from "node:fs/promises";
import path from "node:path";

/** Resolved from the working directory, as the migrations folder is: the server runs from the project's root. */
const FILES_DIR = path.resolve("app/features/premium/files");

export type PremiumFile = { fileName: string; contentType: string; disposition: "attachment" | "inline" };

/** The only premium episodes' audio files, by id; a request can name nothing else on disk. */
const EPISODE_AUDIO_FILES = {
  "founders-who-failed-forward": {
    fileName: "premium-episode-1.mp3",
    contentType: "audio/mpeg",
    disposition: "inline",
  },
  "boardroom-ai-off-the-record": {
    fileName: "premium-episode-2.mp3",
    contentType: "audio/mpeg",
    disposition: "inline",
  },
  "turnaround-playbook-live": { fileName: "premium-episode-3.mp3", contentType: "audio/mpeg", disposition: "inline" },
} as const satisfies Record<string, PremiumFile>;

export type EpisodeId = keyof typeof EPISODE_AUDIO_FILES;

function lookup<Id extends string>(files: Record<Id, PremiumFile>, id: string | undefined): PremiumFile | null {
  return id !== undefined && Object.hasOwn(files, id) ? files[id as Id] : null;
}

export const findEpisodeAudio = (id: string | undefined) => lookup(EPISODE_AUDIO_FILES, id);

/**
 * A sample resource's built-in file, as its row names it (rows are written by the migration, never by a request);
 * only a plain file name in the files folder is read.
 */
export function builtInResourceFile(fileName: string): PremiumFile | null {
  if (path.basename(fileName) !== fileName || !/\.(pdf|zip)$/.test(fileName)) return null;
  return {
    fileName,
    contentType: fileName.endsWith(".zip") ? "application/zip" : "application/pdf",
    disposition: "attachment",
  };
}

export async function premiumFileSize(file: PremiumFile) {
  return (await fs.stat(path.join(FILES_DIR, file.fileName))).size;
}

/** Answers a premium file; a single byte range is honoured so that audio players can seek. */
export async function premiumFileResponse(file: PremiumFile, request: Request): Promise<Response> {
  const content = await fs.readFile(path.join(FILES_DIR, file.fileName));
  const headers = new Headers({
    "Content-Type": file.contentType,
    "Content-Disposition": `${file.disposition}; filename="${file.fileName}"`,
    "Cache-Control": "private, no-store",
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
  });
  const range = parseByteRange(request.headers.get("range"), content.length);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${content.length}`);
    return new Response(null, { status: 416, headers });
  }
  if (range) {
    headers.set("Content-Range", `bytes ${range.start}-${range.end}/${content.length}`);
    headers.set("Content-Length", String(range.end - range.start + 1));
    return new Response(content.subarray(range.start, range.end + 1), { status: 206, headers });
  }
  headers.set("Content-Length", String(content.length));
  return new Response(content, { status: 200, headers });
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n`; several ranges or other units are answered with the whole file. */
function parseByteRange(header: string | null, size: number): { start: number; end: number } | "unsatisfiable" | null {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === "" && match[2] === "")) return null;
  let start: number;
  let end: number;
  if (match[1] === "") {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}
