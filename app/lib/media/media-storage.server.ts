import type { Readable } from "node:stream";
import type { Env } from "~/lib/env.server";
import type { ByteRange } from "./byte-range";
import { createDiskStorage } from "./disk-storage.server";

/** What storage knows of a stored file. */
export type StoredMedia = {
  key: string;
  size: number;
  /** The type the key's extension names (see media-key.ts). */
  contentType: string;
  /** A strong entity tag, quoted, as HTTP sends it. */
  etag: string;
  lastModified: Date;
};

export type PutOptions = {
  /**
   * Runs once every byte has been received and before the file becomes visible under its key (the disk's rename,
   * S3's completing request). When it rejects, the file is discarded and its error is thrown: uploads check their
   * content here, so a refused file is never stored.
   */
  beforeCommit?: () => Promise<void>;
};

export type SignedUrlOptions = {
  expiresInSeconds: number;
  /** Sent back by S3 as the response's Cache-Control. */
  cacheControl: string;
  /** Sent back by S3 as the response's Content-Disposition. */
  contentDisposition?: string;
};

/**
 * Where media files live: the local disk (one instance) or an S3-compatible bucket (several instances share it).
 * Keys are media keys (media-key.ts); a malformed key is refused before any file-system or network call.
 */
export interface MediaStorage {
  readonly kind: "disk" | "s3";
  /**
   * Stores a stream under `key` without holding it in memory. Either the whole file is stored or nothing is: a body
   * that errors, a failed `beforeCommit` or a storage failure leaves no file, no temporary file and no S3 object.
   * Failures of the disk or the service are thrown as MediaStorageError; the body's own errors as they are.
   */
  put(key: string, body: Readable, options?: PutOptions): Promise<StoredMedia>;
  /** The file's size, type and validators, or null when there is none. */
  stat(key: string): Promise<StoredMedia | null>;
  /** The file's bytes, or those of one range of it; throws MediaStorageError when it does not exist. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /**
   * Stores a copy of the file `fromKey` under `toKey` (a new key) and returns it. As with `put`, the copy becomes
   * visible whole or not at all; throws MediaStorageError when `fromKey` holds nothing or storage fails.
   */
  copy(fromKey: string, toKey: string): Promise<StoredMedia>;
  /** Removes the file; removing a file that is not there is not an error. */
  delete(key: string): Promise<void>;
  /**
   * The disk: the file's path, for the server's front door to stream public media from without going through the
   * app. S3 has none: it answers null.
   */
  localPath(key: string): string | null;
  /** S3: a short-lived URL that GETs the file straight from the bucket. The disk has none: it answers null. */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string | null>;
  /**
   * Removes what interrupted uploads of earlier processes left (the disk's temporary files older than a day);
   * returns how many. On S3 the bucket's lifecycle rule does this (see docs/decisions/033-media-storage.md).
   */
  removeStaleUploads(): Promise<number>;
  /** Every stored file's key, in no particular order (a backup copies them); temporary files are not listed. */
  listKeys(): AsyncIterable<string>;
  /** Resolves when the storage answers (the disk's folder is writable, the bucket exists); rejects otherwise. */
  ping(): Promise<void>;
}

export type S3Settings = {
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

/** The S3 bucket the settings name, or null for the disk (env.server.ts makes the S3 settings all or none). */
function s3SettingsFrom(env: Env): S3Settings | null {
  const { S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
  if (!S3_BUCKET || !S3_ENDPOINT || !S3_REGION || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) return null;
  return {
    bucket: S3_BUCKET,
    endpoint: S3_ENDPOINT,
    region: S3_REGION,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

/**
 * The storage the settings choose: the bucket when the S3 settings are given, else `DATA_DIR/media`. The AWS SDK is
 * loaded only for a bucket: it costs a second of start-up and 24 MB that a server on the disk does not need.
 */
export async function createMediaStorage(env: Env): Promise<MediaStorage> {
  const s3 = s3SettingsFrom(env);
  if (!s3) return createDiskStorage(`${env.DATA_DIR}/media`);
  const { createS3Storage } = await import("./s3-storage.server");
  return createS3Storage(s3);
}
