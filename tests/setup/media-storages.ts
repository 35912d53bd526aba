import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { createDiskStorage } from "~/lib/media/disk-storage.server";
import type { MediaStorage, S3Settings } from "~/lib/media/media-storage.server";
import { createS3Storage } from "~/lib/media/s3-storage.server";

export const MEDIA_BACKENDS = ["disk", "s3"] as const;
export type MediaBackend = (typeof MEDIA_BACKENDS)[number];

export type TestMediaStorage = {
  storage: MediaStorage;
  /** The disk storage's root, or the folder where s3rver keeps its buckets. */
  folder: string;
  /** The S3 storage's settings; null on disk. */
  s3Settings: S3Settings | null;
  /** Every file the backend holds, relative to its folder: stored files, temporary files, S3 objects and parts. */
  listFiles(): Promise<string[]>;
  close(): Promise<void>;
};

const BUCKET = "podcast-media";

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * s3rver 3.7 answers AbortMultipartUpload with 405. S3 removes an aborted upload's parts; this does the same with the
 * parts s3rver keeps in its folder, so that tests can see that an interrupted upload was aborted.
 */
function abortMultipartUploads(folder: string) {
  return async (ctx: { method: string; query: Record<string, unknown>; status: number }, next: () => Promise<void>) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== "DELETE" || typeof uploadId !== "string" || !/^[0-9a-f]+$/.test(uploadId)) return next();
    await rm(path.join(folder, BUCKET, "._S3rver_uploads", uploadId), { recursive: true, force: true });
    ctx.status = 204;
  };
}

/** A real S3-compatible server (s3rver) on a random loopback port, storing in a temporary folder. */
async function startS3(): Promise<TestMediaStorage> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "media-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: folder,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  (server as unknown as { middleware: unknown[] }).middleware.unshift(abortMultipartUploads(folder));
  const { port } = await server.run();
  const settings: S3Settings = {
    bucket: BUCKET,
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  };
  return {
    storage: createS3Storage(settings),
    folder,
    s3Settings: settings,
    // s3rver keeps, beside each object, its metadata and digest: one entry per object is enough to compare.
    listFiles: async () =>
      (await filesUnder(folder)).filter((file) => !/\._S3rver_(metadata\.json|object\.md5)$/.test(file)),
    async close() {
      await server.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

async function openDisk(): Promise<TestMediaStorage> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "media-disk-"));
  return {
    storage: createDiskStorage(folder),
    folder,
    s3Settings: null,
    listFiles: () => filesUnder(folder),
    close: () => rm(folder, { recursive: true, force: true }),
  };
}

/** A fresh, empty storage of the given kind; close it after the tests. */
export function openTestMediaStorage(backend: MediaBackend): Promise<TestMediaStorage> {
  return backend === "disk" ? openDisk() : startS3();
}
