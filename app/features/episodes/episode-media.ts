export const EPISODE_MEDIA_FIELDS = ["audio", "artwork", "transcript"] as const;
export type EpisodeMediaField = (typeof EPISODE_MEDIA_FIELDS)[number];

/** The file input's hint to the browser's picker; the server decides from the content. */
export const EPISODE_MEDIA_ACCEPT: Record<EpisodeMediaField, string> = {
  audio: "audio/mpeg,audio/mp4,audio/x-m4a,audio/aac,.mp3,.m4a",
  artwork: "image/jpeg,image/png,.jpg,.jpeg,.png",
  transcript: "text/vtt,application/x-subrip,.vtt,.srt",
};

export const EPISODE_MEDIA_LABELS: Record<EpisodeMediaField, string> = {
  audio: "Audio",
  artwork: "Artwork",
  transcript: "Transcript",
};

/** The success toasts' titles, by field. */
export const EPISODE_MEDIA_UPLOADED: Record<EpisodeMediaField, string> = {
  audio: "Audio uploaded",
  artwork: "Artwork uploaded",
  transcript: "Transcript uploaded",
};

export const EPISODE_MEDIA_REMOVED: Record<Exclude<EpisodeMediaField, "audio">, string> = {
  artwork: "Artwork removed",
  transcript: "Transcript removed",
};

const TYPE_NAMES: Record<string, string> = {
  "audio/mpeg": "MP3",
  "audio/x-m4a": "M4A (AAC)",
  "audio/mp4": "M4A (AAC)",
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "text/vtt": "WebVTT",
  "application/x-subrip": "SRT",
};

/** A file type as the owner knows it, e.g. "MP3" for audio/mpeg. */
export function mediaTypeName(mimeType: string): string {
  const bare = mimeType.split(";")[0].trim().toLowerCase();
  return TYPE_NAMES[bare] ?? bare;
}

/** An image's type from its URL: the media key's extension is chosen from the file's content when it is stored. */
export const imageTypeName = (url: string) => (url.toLowerCase().endsWith(".png") ? "PNG" : "JPEG");

/** A file size in the units people read, e.g. "1.4 MB" (1 MB = 1024 × 1024 bytes, as the upload limit counts). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(2)} GB`;
}
