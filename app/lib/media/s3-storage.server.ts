import type { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  type CompletedPart,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { ByteRange } from "./byte-range";
import { MediaStorageError } from "./media-errors";
import { contentTypeForKey, isMediaKey } from "./media-key";
import type { MediaStorage, PutOptions, S3Settings, SignedUrlOptions, StoredMedia } from "./media-storage.server";

/**
 * Upload parts of 8 MiB (S3 asks at least 5 MiB of every part but the last, at most 10,000 parts): one part is held
 * in memory per upload in progress, and a file of up to 80 GB fits.
 */
export const S3_PART_BYTES = 8 * 1024 * 1024;

function serviceFailure(action: string, error: unknown): MediaStorageError {
  const code = error instanceof S3ServiceException ? error.name : "no answer";
  return new MediaStorageError(`The file could not be ${action}: the storage service failed (${code}).`, {
    cause: error,
  });
}

/** The largest object one CopyObject request copies; a larger one is copied through this server, part by part. */
const S3_COPY_OBJECT_MAX_BYTES = 5 * 1024 * 1024 * 1024;

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === "NotFound" || error.name === "NoSuchKey");

/**
 * Media files as objects of one S3-compatible bucket, one object per key. `copyObjectMaxBytes` is for tests of the
 * copy of objects larger than S3 copies in one request.
 */
export function createS3Storage(
  settings: S3Settings,
  { copyObjectMaxBytes = S3_COPY_OBJECT_MAX_BYTES }: { copyObjectMaxBytes?: number } = {},
): MediaStorage {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: many S3-compatible servers refuse the SDK's default trailing checksums.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A service that stops answering fails the upload with a message instead of holding the owner's form forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000 },
  });
  const Bucket = settings.bucket;

  const checkedKey = (key: string) => {
    if (!isMediaKey(key)) throw new MediaStorageError(`Not a media key: ${JSON.stringify(key)}`);
    return key;
  };

  const attempt = async <Output>(action: string, request: () => Promise<Output>): Promise<Output> => {
    try {
      return await request();
    } catch (error) {
      throw serviceFailure(action, error);
    }
  };

  async function stat(key: string): Promise<StoredMedia | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkedKey(key) }));
      return {
        key,
        size: head.ContentLength ?? 0,
        contentType: contentTypeForKey(key),
        etag: head.ETag ?? `"${key}"`,
        lastModified: head.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      if (error instanceof MediaStorageError) throw error;
      throw serviceFailure("read", error);
    }
  }

  const storage: MediaStorage = {
    kind: "s3",

    async put(key: string, body: Readable, options: PutOptions = {}) {
      const Key = checkedKey(key);
      const ContentType = contentTypeForKey(key);
      let uploadId: string | undefined;
      const parts: CompletedPart[] = [];
      let pending: Buffer[] = [];
      let pendingBytes = 0;

      const uploadPendingPart = async () => {
        uploadId ??= (
          await attempt("stored", () => client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType })))
        ).UploadId;
        const PartNumber = parts.length + 1;
        const Body = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        const { ETag } = await attempt("stored", () =>
          client.send(new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body })),
        );
        parts.push({ PartNumber, ETag });
      };

      try {
        for await (const chunk of body) {
          pending.push(chunk);
          pendingBytes += chunk.length;
          if (pendingBytes >= S3_PART_BYTES) await uploadPendingPart();
        }
        await options.beforeCommit?.();
        if (uploadId === undefined) {
          // Small enough for one part: a single request, made only once the content has passed its checks.
          const Body = Buffer.concat(pending);
          await attempt("stored", () => client.send(new PutObjectCommand({ Bucket, Key, ContentType, Body })));
        } else {
          if (pendingBytes > 0) await uploadPendingPart();
          const MultipartUpload = { Parts: parts };
          await attempt("stored", () =>
            client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload })),
          );
        }
      } catch (error) {
        if (uploadId !== undefined) {
          await client
            .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId }))
            .catch((abortError) => {
              // The parts stay invisible (no object exists) until the bucket's lifecycle rule removes them.
              console.error(`[media] could not abort the multipart upload of ${key}:`, abortError);
            });
        }
        throw error;
      }
      const stored = await stat(key);
      if (!stored) throw new MediaStorageError(`The file could not be stored: the storage service lost ${key}.`);
      return stored;
    },

    stat,

    async copy(fromKey: string, toKey: string) {
      const source = await stat(fromKey);
      if (!source) throw new MediaStorageError(`No media file ${fromKey}`);
      if (source.size > copyObjectMaxBytes) return storage.put(toKey, await storage.read(fromKey));
      const Key = checkedKey(toKey);
      await attempt("copied", () =>
        client.send(new CopyObjectCommand({ Bucket, Key, CopySource: `${Bucket}/${fromKey}` })),
      );
      const copied = await stat(toKey);
      if (!copied) throw new MediaStorageError(`The file could not be copied: the storage service lost ${toKey}.`);
      return copied;
    },

    async read(key: string, range?: ByteRange) {
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: checkedKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return object.Body as Readable;
      } catch (error) {
        if (isNotFound(error)) throw new MediaStorageError(`No media file ${key}`, { cause: error });
        if (error instanceof MediaStorageError) throw error;
        throw serviceFailure("read", error);
      }
    },

    async delete(key: string) {
      const Key = checkedKey(key);
      await attempt("deleted", () => client.send(new DeleteObjectCommand({ Bucket, Key })));
    },

    localPath() {
      return null;
    },

    async signedUrl(key: string, options: SignedUrlOptions) {
      const command = new GetObjectCommand({
        Bucket,
        Key: checkedKey(key),
        ResponseCacheControl: options.cacheControl,
        ResponseContentDisposition: options.contentDisposition,
        ResponseContentType: contentTypeForKey(key),
      });
      return getSignedUrl(client, command, { expiresIn: options.expiresInSeconds });
    },

    async removeStaleUploads() {
      return 0;
    },

    async *listKeys() {
      let ContinuationToken: string | undefined;
      do {
        const page = await attempt("listed", () =>
          client.send(new ListObjectsV2Command({ Bucket, ContinuationToken })),
        );
        for (const object of page.Contents ?? []) if (object.Key && isMediaKey(object.Key)) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
  return storage;
}
