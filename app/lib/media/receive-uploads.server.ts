import { Readable } from "node:stream";
import busboy from "busboy";
import { MediaUploadError } from "./media-errors";
import type { MediaStorage } from "./media-storage.server";
import {
  deleteStoredUpload,
  type MediaLimits,
  type MediaUploadSpec,
  type StoredUpload,
  storeUpload,
  UPLOAD_INTERRUPTED,
} from "./store-upload.server";

/** The file fields a form may send, by name, and what each is for. */
export type UploadFields = Record<string, MediaUploadSpec>;

export type ReceivedUploads<Files extends UploadFields> = {
  /** The form's text fields, as `request.formData()` would give them. */
  fields: FormData;
  /** The files stored, by field; a field left empty in the form is absent. */
  files: { [Name in keyof Files]?: StoredUpload<Files[Name]["kind"]> };
  /** Removes every stored file: for a form refused after its files were stored (invalid fields, a failed save). */
  discard(): Promise<void>;
};

export type ReceiveUploadsOptions = {
  /** The longest text field, in bytes (1 MB unless given: show notes are long). */
  maxFieldBytes?: number;
  /** How many text fields the form may have (200 unless given). */
  maxFields?: number;
};

/**
 * Reads a multipart/form-data request as it arrives (busboy over the fetch Request's body): text fields are
 * collected, each file streams through storeUpload into storage, checked by its content and its kind's size limit.
 * Resolves once the whole form is read and every file stored. On any refusal, a cut-off body or a storage failure it
 * stops reading, removes whatever this request had stored and rejects with a MediaUploadError whose `status` and
 * `message` a route can answer with as they are.
 */
export async function receiveUploads<Files extends UploadFields>(
  request: Request,
  storage: MediaStorage,
  files: Files,
  limits: MediaLimits,
  options: ReceiveUploadsOptions = {},
): Promise<ReceivedUploads<Files>> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType))
    throw new MediaUploadError("wrong-type", "The form must be sent as multipart/form-data.");
  if (!request.body) throw new MediaUploadError("missing", "The form is empty.");
  const maxFields = options.maxFields ?? 200;
  const fileFieldCount = Object.keys(files).length;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: {
        fieldSize: options.maxFieldBytes ?? 1024 * 1024,
        fields: maxFields,
        files: fileFieldCount,
        parts: maxFields + fileFieldCount,
      },
    });
  } catch (error) {
    throw new MediaUploadError("invalid", "The form could not be read.", undefined, { cause: error });
  }
  const source = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream);

  const fields = new FormData();
  const stored: Partial<Record<string, StoredUpload>> = {};
  const storing: Promise<void>[] = [];
  const receiving = new Set<Readable>();
  const seen = new Set<string>();
  const discard = () =>
    Promise.all(Object.values(stored).map((upload) => upload && deleteStoredUpload(storage, upload))).then(
      () => undefined,
    );

  return new Promise((resolve, reject) => {
    let failure: unknown = null;
    let settling = false;

    const settle = async () => {
      if (settling) return;
      settling = true;
      await Promise.allSettled(storing);
      if (failure === null) {
        resolve({ fields, files: stored as ReceivedUploads<Files>["files"], discard });
        return;
      }
      await discard().catch((error) => console.error("[media] could not remove the files of a refused form:", error));
      reject(failure);
    };

    const fail = (error: unknown) => {
      if (failure !== null) return;
      failure = error;
      source.unpipe(parser);
      // Destroying the source would destroy the request and its connection before the refusal is sent; the server
      // closes the connection after the answer instead.
      source.pause();
      // A file still arriving would wait for bytes that will not come.
      for (const stream of receiving) stream.destroy(new Error("the form was abandoned"));
      void settle();
    };

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) fail(new MediaUploadError("too-large", `The form field ${name} is too long.`, name));
      else fields.append(name, value);
    });

    parser.on("file", (name, stream, info) => {
      const spec = Object.hasOwn(files, name) ? files[name] : undefined;
      // A file input left empty still sends a part, with an empty file name (which busboy reports as none).
      if (failure !== null || (!info.filename && spec)) {
        stream.resume();
        return;
      }
      if (!spec || seen.has(name)) {
        stream.resume();
        fail(new MediaUploadError("invalid", `The form sent an unexpected file: ${name}.`, name));
        return;
      }
      seen.add(name);
      receiving.add(stream);
      storing.push(
        storeUpload(storage, stream, spec, limits, name).then(
          (upload) => {
            stored[name] = upload;
          },
          (error) => fail(error),
        ),
      );
      stream.on("close", () => receiving.delete(stream));
    });

    const tooMany = () => fail(new MediaUploadError("invalid", "The form has more fields or files than it may."));
    parser.on("fieldsLimit", tooMany);
    parser.on("filesLimit", tooMany);
    parser.on("partsLimit", tooMany);
    parser.on("error", (error) =>
      fail(new MediaUploadError("aborted", UPLOAD_INTERRUPTED, undefined, { cause: error })),
    );
    source.on("error", (error) =>
      fail(new MediaUploadError("aborted", UPLOAD_INTERRUPTED, undefined, { cause: error })),
    );
    parser.on("close", () => void settle());
    source.pipe(parser);
  });
}
