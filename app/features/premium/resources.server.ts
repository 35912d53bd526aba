import fs from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { memberResources } from "~/db/schema";
import { notFound } from "~/lib/api.server";
import type { AppContext } from "~/lib/app-context.server";
import type { CurrentUser, MembershipTier } from "~/lib/auth.server";
import { parseRangeHeader } from "~/lib/media/byte-range";
import type { MediaStorage } from "~/lib/media/media-storage.server";
import { receiveOwnerFile } from "~/lib/media/receive-owner-file.server";
import { serveMedia } from "~/lib/media/serve-media.server";
import { deleteStoredUpload } from "~/lib/media/store-upload.server";
import type { VersionedSave } from "~/lib/versioned-row-route.server";
import type { ItemTier, OwnerResource, ResourceEditorData, ResourceSaveData } from "./editor-schema";
import { hasPremiumAccess, PREMIUM_REQUIRED_MESSAGE, tierRequired, tiersReachedBy } from "./premium-access.server";
import type { PremiumResource } from "./schema";

export const RESOURCE_NOT_FOUND = "Resource not found";
export const RESOURCE_CONFLICT_MESSAGE =
  "This resource was changed in another tab or by another save since you opened it. Reload to see the latest version.";
const RESOURCE_FILE_UPLOADED = "File uploaded";
const NO_FILE = "Choose a PDF or ZIP file to upload.";

type ResourceRow = typeof memberResources.$inferSelect;

const plainText = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

const resourceDownloadUrl = (id: number) => `/members/resources/download/${id}`;

function formatFileSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The sample resources' files, resolved from the working directory as the migrations folder is. */
const BUILT_IN_FILES_DIR = path.resolve("app/features/premium/files");

/**
 * A sample resource's built-in file, as its row names it (rows are written by the migration, never by a request):
 * only a plain PDF or ZIP file name in the files folder, else null.
 */
function builtInFilePath(fileName: string): string | null {
  if (path.basename(fileName) !== fileName || !/\.(pdf|zip)$/.test(fileName)) return null;
  return path.join(BUILT_IN_FILES_DIR, fileName);
}

/** Answers a built-in file as an attachment; a single byte range is honoured, read by the media module's parser. */
async function builtInFileResponse(fileName: string, filePath: string, request: Request): Promise<Response> {
  const content = await fs.readFile(filePath);
  const headers = new Headers({
    "Content-Type": fileName.endsWith(".zip") ? "application/zip" : "application/pdf",
    "Content-Disposition": `attachment; filename="${fileName}"`,
    "Cache-Control": "private, no-store",
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
  });
  const requested = parseRangeHeader(request.headers.get("range"), content.length);
  if (requested.kind === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${content.length}`);
    return new Response(null, { status: 416, headers });
  }
  if (requested.kind === "range") {
    const { start, end } = requested.range;
    headers.set("Content-Range", `bytes ${start}-${end}/${content.length}`);
    headers.set("Content-Length", String(end - start + 1));
    return new Response(content.subarray(start, end + 1), { status: 206, headers });
  }
  headers.set("Content-Length", String(content.length));
  return new Response(content, { status: 200, headers });
}

const isZip = (row: ResourceRow) => (row.fileKey ?? row.builtInFile ?? "").endsWith(".zip");

/** The name a download is offered under: the built-in file's, or the title's words with the upload's extension. */
function downloadName(row: ResourceRow) {
  if (!row.fileKey && row.builtInFile) return row.builtInFile;
  const stem = row.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${stem || "resource"}.${isZip(row) ? "zip" : "pdf"}`;
}

async function fileSize(row: ResourceRow): Promise<number | null> {
  if (row.fileKey) return row.fileSize;
  const builtIn = row.builtInFile ? builtInFilePath(row.builtInFile) : null;
  return builtIn ? (await fs.stat(builtIn)).size : null;
}

async function ownerResource(row: ResourceRow): Promise<OwnerResource> {
  const size = row.fileKey || row.builtInFile ? await fileSize(row) : null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    tier: row.tier as ItemTier,
    version: row.version,
    file:
      size === null
        ? null
        : { name: downloadName(row), sizeLabel: formatFileSize(size), uploaded: row.fileKey !== null },
  };
}

const hasFile = or(isNotNull(memberResources.fileKey), isNotNull(memberResources.builtInFile));

/** The resources of the given tiers that have a file, in the order they were added. */
export async function listMemberResources(db: Database, tiers: MembershipTier[]): Promise<PremiumResource[]> {
  if (tiers.length === 0) return [];
  const rows = await db
    .select()
    .from(memberResources)
    .where(and(inArray(memberResources.tier, tiers), hasFile))
    .orderBy(asc(memberResources.id));
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      format: isZip(row) ? ("ZIP" as const) : ("PDF" as const),
      sizeLabel: formatFileSize((await fileSize(row)) ?? 0),
      downloadUrl: resourceDownloadUrl(row.id),
    })),
  );
}

export async function listOwnerResources(db: Database): Promise<OwnerResource[]> {
  const rows = await db.select().from(memberResources).orderBy(asc(memberResources.id));
  return Promise.all(rows.map(ownerResource));
}

export async function readOwnerResource(db: Database, id: number): Promise<OwnerResource | null> {
  const [row] = await db.select().from(memberResources).where(eq(memberResources.id, id));
  return row ? ownerResource(row) : null;
}

export async function createResource(db: Database, input: ResourceEditorData): Promise<OwnerResource> {
  const [row] = await db.insert(memberResources).values(input).returning();
  return ownerResource(row);
}

/** Saves the fields if the resource is still at the version the form opened; raises the version. */
export async function saveResource(
  db: Database,
  id: number,
  { version, ...fields }: ResourceSaveData,
): Promise<VersionedSave<OwnerResource>> {
  const [row] = await db
    .update(memberResources)
    .set({ ...fields, version: sql`${memberResources.version} + 1`, updatedAt: new Date() })
    .where(and(eq(memberResources.id, id), eq(memberResources.version, version)))
    .returning();
  if (row) return { saved: await ownerResource(row) };
  const [exists] = await db.select({ id: memberResources.id }).from(memberResources).where(eq(memberResources.id, id));
  return { refused: exists ? 409 : 404 };
}

async function deleteKey(media: MediaStorage, key: string | null) {
  if (!key) return;
  try {
    await media.delete(key);
  } catch (error) {
    console.error("[media] could not remove a resource's file:", error);
  }
}

/** Deletes the resource and then its uploaded file (a file left by a failed removal is never served). */
export async function deleteResource(db: Database, media: MediaStorage, id: number): Promise<boolean> {
  const [deleted] = await db.delete(memberResources).where(eq(memberResources.id, id)).returning();
  if (!deleted) return false;
  await deleteKey(media, deleted.fileKey);
  return true;
}

/**
 * `PUT /api/admin/resources/{id}/file` after the owner check: streams the form's `file` (a PDF or ZIP, checked by its
 * content) to storage and makes it the resource's, then removes the file it replaced. The row is locked while it
 * changes, so two uploads at once each remove exactly the file they replaced. A refused, oversized or interrupted
 * upload answers its status and message, and nothing of it is kept; nor is it when the resource is gone meanwhile.
 */
export async function answerResourceFileUpload(
  { db, media, env }: Pick<AppContext, "db" | "media" | "env">,
  request: Request,
  id: number,
) {
  const [existing] = await db
    .select({ id: memberResources.id })
    .from(memberResources)
    .where(eq(memberResources.id, id));
  if (!existing) return notFound(RESOURCE_NOT_FOUND);
  const received = await receiveOwnerFile(
    { media, env },
    request,
    "file",
    { kind: "resource", prefix: "resources/files" },
    NO_FILE,
  );
  if ("refusal" in received) return received.refusal;
  const stored = received.upload;
  let outcome: { previousKey: string | null; row: ResourceRow } | null;
  try {
    outcome = await db.transaction(async (tx) => {
      const [previous] = await tx.select().from(memberResources).where(eq(memberResources.id, id)).for("update");
      if (!previous) return null;
      const [row] = await tx
        .update(memberResources)
        .set({ fileKey: stored.key, fileSize: stored.size, builtInFile: null, updatedAt: new Date() })
        .where(eq(memberResources.id, id))
        .returning();
      return { previousKey: previous.fileKey, row };
    });
  } catch (error) {
    await deleteStoredUpload(media, stored);
    throw error;
  }
  if (!outcome) {
    await deleteStoredUpload(media, stored);
    return notFound(RESOURCE_NOT_FOUND);
  }
  await deleteKey(media, outcome.previousKey);
  return { success: true as const, message: RESOURCE_FILE_UPLOADED, data: await ownerResource(outcome.row) };
}

/**
 * A resource's file for a member whose tier reaches the resource's, checked on every download. A member below
 * premium asking for an id that is not theirs to have is told the tier it needs, and a missing id answers like a
 * premium one, so that the answer does not tell them which ids exist.
 */
export async function resourceDownloadFor(
  db: Database,
  media: MediaStorage,
  user: Pick<CurrentUser, "membershipTier">,
  fileId: string | undefined,
  request: Request,
): Promise<Response> {
  const id = fileId && /^[1-9]\d{0,9}$/.test(fileId) && Number(fileId) <= 2_147_483_647 ? Number(fileId) : null;
  const [row] = id === null ? [] : await db.select().from(memberResources).where(eq(memberResources.id, id));
  const reached = tiersReachedBy(user);
  if (!row || !(row.fileKey || row.builtInFile)) {
    if (!hasPremiumAccess(user)) return plainText(403, PREMIUM_REQUIRED_MESSAGE);
    return plainText(404, "Not found");
  }
  if (!reached.includes(row.tier as MembershipTier)) return tierRequired(row.tier as MembershipTier);
  if (row.fileKey)
    return serveMedia(request, media, row.fileKey, {
      caching: "private",
      download: { fileName: downloadName(row), disposition: "attachment" },
    });
  const builtIn = row.builtInFile ? builtInFilePath(row.builtInFile) : null;
  if (!row.builtInFile || !builtIn) return plainText(404, "Not found");
  return builtInFileResponse(row.builtInFile, builtIn, request);
}
