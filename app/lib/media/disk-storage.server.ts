import { randomUUID } from "node:crypto";
import { createWriteStream, type Stats } from "node:fs";
import { access, constants, copyFile, mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ByteRange } from "./byte-range";
import { MediaStorageError } from "./media-errors";
import { contentTypeForKey, isMediaKey } from "./media-key";
import type { MediaStorage, PutOptions, StoredMedia } from "./media-storage.server";

/** Temporary files of uploads in progress: inside the root, so that the final rename stays on one file system. */
const UPLOADS_FOLDER = ".uploads";
const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;

function diskFailure(action: string, error: unknown): MediaStorageError {
  const reason = errorCode(error) === "ENOSPC" ? "the disk is full" : "the media folder could not be written";
  return new MediaStorageError(`The file could not be ${action}: ${reason}.`, { cause: error });
}

/** Large reads: a podcast app's 1 MB range is one read rather than sixteen of the default 64 KiB. */
export const READ_CHUNK_BYTES = 1024 * 1024;

/** Media files under `root` (the settings' `DATA_DIR/media`), one file per key. */
export function createDiskStorage(root: string): MediaStorage {
  const rootPath = path.resolve(root);

  const pathOf = (key: string) => {
    if (!isMediaKey(key)) throw new MediaStorageError(`Not a media key: ${JSON.stringify(key)}`);
    return path.join(rootPath, key);
  };

  const storedMedia = (key: string, stats: Stats): StoredMedia => ({
    key,
    size: stats.size,
    contentType: contentTypeForKey(key),
    // Keys are never rewritten, so size and modification time name the bytes as well as a digest would.
    etag: `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
    lastModified: stats.mtime,
  });

  return {
    kind: "disk",

    async put(key: string, body: Readable, options: PutOptions = {}) {
      const target = pathOf(key);
      const temporary = path.join(rootPath, UPLOADS_FOLDER, `${randomUUID()}.part`);
      const onDisk = <T>(step: Promise<T>) =>
        step.catch((error) => {
          throw diskFailure("stored", error);
        });
      try {
        await onDisk(mkdir(path.dirname(temporary), { recursive: true }));
        // flush: the bytes reach the disk before the rename publishes them, so a crash never leaves a short file.
        const file = createWriteStream(temporary, { flags: "wx", flush: true });
        let writeError: unknown;
        file.on("error", (error) => {
          writeError = error;
        });
        await pipeline(body, file).catch((error) => {
          throw error === writeError ? diskFailure("stored", error) : error;
        });
        await options.beforeCommit?.();
        await onDisk(mkdir(path.dirname(target), { recursive: true }));
        await onDisk(rename(temporary, target));
      } catch (error) {
        // When the folder itself failed there is no temporary file to remove, and that failure is the one to tell.
        await rm(temporary, { force: true }).catch(() => undefined);
        throw error;
      }
      return storedMedia(key, await stat(target));
    },

    async copy(fromKey: string, toKey: string) {
      const source = pathOf(fromKey);
      const target = pathOf(toKey);
      const temporary = path.join(rootPath, UPLOADS_FOLDER, `${randomUUID()}.part`);
      try {
        await mkdir(path.dirname(temporary), { recursive: true });
        await copyFile(source, temporary, constants.COPYFILE_FICLONE);
        // As put: the bytes reach the disk before the rename publishes them.
        const file = await open(temporary, "r+");
        try {
          await file.sync();
        } finally {
          await file.close();
        }
        await mkdir(path.dirname(target), { recursive: true });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true }).catch(() => undefined);
        if (errorCode(error) === "ENOENT" && (await stat(source).catch(() => null)) === null)
          throw new MediaStorageError(`No media file ${fromKey}`, { cause: error });
        throw diskFailure("copied", error);
      }
      return storedMedia(toKey, await stat(target));
    },

    async stat(key: string) {
      const file = pathOf(key);
      try {
        return storedMedia(key, await stat(file));
      } catch (error) {
        if (errorCode(error) === "ENOENT") return null;
        throw diskFailure("read", error);
      }
    },

    async read(key: string, range?: ByteRange) {
      const file = pathOf(key);
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(file);
      } catch (error) {
        if (errorCode(error) === "ENOENT") throw new MediaStorageError(`No media file ${key}`, { cause: error });
        throw diskFailure("read", error);
      }
      return handle.createReadStream({
        highWaterMark: READ_CHUNK_BYTES,
        ...(range && { start: range.start, end: range.end }),
      });
    },

    async delete(key: string) {
      const file = pathOf(key);
      try {
        await rm(file, { force: true });
      } catch (error) {
        throw diskFailure("deleted", error);
      }
    },

    localPath: pathOf,

    async signedUrl() {
      return null;
    },

    async removeStaleUploads() {
      const folder = path.join(rootPath, UPLOADS_FOLDER);
      const names = await readdir(folder).catch((error) => {
        if (errorCode(error) === "ENOENT") return [];
        throw diskFailure("read", error);
      });
      let removed = 0;
      for (const name of names) {
        const file = path.join(folder, name);
        const stats = await stat(file).catch(() => null);
        if (stats && Date.now() - stats.mtimeMs > STALE_UPLOAD_MS) {
          await rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },

    async *listKeys() {
      const entries = await readdir(rootPath, { recursive: true, withFileTypes: true }).catch((error) => {
        if (errorCode(error) === "ENOENT") return [];
        throw diskFailure("read", error);
      });
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path.relative(rootPath, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
        if (isMediaKey(key)) yield key;
      }
    },

    async ping() {
      // A folder not made yet is made by the first upload, so its parent is what must be writable.
      await mkdir(rootPath, { recursive: true });
      await access(rootPath, constants.W_OK);
    },
  };
}
