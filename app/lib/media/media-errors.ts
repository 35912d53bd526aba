/** Why an upload was refused; each answers with its own status so that routes need no mapping of their own. */
export type UploadProblem =
  | "too-large"
  | "wrong-type"
  | "truncated"
  | "invalid"
  | "missing"
  | "aborted"
  | "storage-failed";

const STATUS: Record<UploadProblem, number> = {
  "too-large": 413,
  "wrong-type": 415,
  truncated: 400,
  invalid: 400,
  missing: 400,
  aborted: 400,
  "storage-failed": 503,
};

/**
 * An upload refused or lost. `message` is written for the person uploading and may be shown as it is; `field` names
 * the form field the file came in. Nothing of a refused upload is kept.
 */
export class MediaUploadError extends Error {
  readonly status: number;

  constructor(
    readonly problem: UploadProblem,
    message: string,
    readonly field?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "MediaUploadError";
    this.status = STATUS[problem];
  }
}

/** The disk or the S3 service failed; `message` says so in words fit for the owner, `cause` holds the details. */
export class MediaStorageError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "MediaStorageError";
  }
}
