import { apiError } from "~/lib/api.server";
import type { Env } from "~/lib/env.server";
import { MediaUploadError } from "./media-errors";
import type { MediaStorage } from "./media-storage.server";
import { receiveUploads } from "./receive-uploads.server";
import { type MediaUploadSpec, mediaLimits, type StoredUpload } from "./store-upload.server";

/**
 * Receives an owner's upload form of one file: the file stored (checked by its content and its kind's size limit), or
 * the answer to give instead: the MediaUploadError's status and message for a refused, oversized, cut-off or
 * interrupted file, and a 400 with `missingMessage` when the form holds no file. Nothing of a refused form is kept.
 */
export async function receiveOwnerFile<Spec extends MediaUploadSpec>(
  { media, env }: { media: MediaStorage; env: Pick<Env, "MAX_AUDIO_MB"> },
  request: Request,
  field: string,
  spec: Spec,
  missingMessage: string,
): Promise<{ upload: StoredUpload<Spec["kind"]> } | { refusal: ReturnType<typeof apiError> }> {
  let upload: StoredUpload<Spec["kind"]> | undefined;
  try {
    const received = await receiveUploads(request, media, { [field]: spec }, mediaLimits(env), {
      maxFields: 10,
      maxFieldBytes: 1024,
    });
    upload = received.files[field];
  } catch (error) {
    if (!(error instanceof MediaUploadError)) throw error;
    return { refusal: apiError(error.status, error.message, { [error.field ?? field]: [error.message] }) };
  }
  if (!upload) return { refusal: apiError(400, missingMessage, { [field]: [missingMessage] }) };
  return { upload };
}
