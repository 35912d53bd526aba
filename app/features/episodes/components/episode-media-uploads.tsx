import { useId, useRef, useState } from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { LiveButton } from "~/components/ui/live-button";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import { sendFormWithProgress, type UploadUnderWay } from "~/lib/upload-with-progress";
import type { EpisodeMediaInfo } from "../editor-schema";
import {
  EPISODE_MEDIA_ACCEPT,
  EPISODE_MEDIA_FIELDS,
  EPISODE_MEDIA_LABELS,
  EPISODE_MEDIA_REMOVED,
  EPISODE_MEDIA_UPLOADED,
  type EpisodeMediaField,
  formatFileSize,
  imageTypeName,
  mediaTypeName,
} from "../episode-media";
import { formatDuration } from "../schema";

type MediaReply = { success?: boolean; message?: string; data?: EpisodeMediaInfo };

export type EpisodeMediaUploadsProps = {
  episodeId: number;
  /** The episode's media when the editor opened; the sections then show what each upload answers. */
  media: EpisodeMediaInfo;
  /** Called with the episode's media after an upload or a removal succeeded. */
  onUploaded?: (media: EpisodeMediaInfo) => void;
  /** MAX_AUDIO_MB: a larger file is refused before it is sent, with the server's own message. */
  maxAudioMb?: number;
};

const HINTS: Record<EpisodeMediaField, string> = {
  audio: "MP3 or M4A (AAC). Duration and type are read from the file itself.",
  artwork: "JPEG or PNG, square, 1400 to 3000 pixels a side (what Apple Podcasts asks for).",
  transcript: "WebVTT (.vtt) or SRT (.srt).",
};

const CANNOT_REACH = "The upload could not reach the server. Check your connection and try again.";
const NOT_SAVED = "The file could not be saved. Please try again.";

function describeCurrent(field: EpisodeMediaField, media: EpisodeMediaInfo): string {
  if (field === "audio") {
    const { audio } = media;
    if (!audio) return "No audio yet: the episode cannot be published without it.";
    return [
      mediaTypeName(audio.mimeType),
      audio.bytes === null ? null : formatFileSize(audio.bytes),
      audio.durationSeconds === null ? null : formatDuration(audio.durationSeconds),
    ]
      .filter((part) => part !== null)
      .join(", ");
  }
  if (field === "artwork") {
    const { artwork } = media;
    if (!artwork) return "No artwork of its own: the show's artwork is used.";
    const widths = artwork.renditions.map((rendition) => rendition.width).join(" and ");
    return `${imageTypeName(artwork.url)}, square${widths ? `, shown as WebP at ${widths} pixels` : ""}`;
  }
  const { transcript } = media;
  if (!transcript) return "No transcript.";
  return transcript.mimeType ? mediaTypeName(transcript.mimeType) : "A transcript";
}

function uploadedDescription(field: EpisodeMediaField, media: EpisodeMediaInfo): string {
  if (field === "audio") return `The episode's audio is now: ${describeCurrent("audio", media)}.`;
  if (field === "artwork") return "The episode shows its own artwork from now on.";
  return "Listeners can read the transcript on the episode page.";
}

/** Rounded down, so that 100 % shows only once every byte has gone. */
const percentOf = (sent: number, total: number) => (total > 0 ? Math.floor((sent / total) * 100) : 0);

function MediaUploadSection({
  field,
  episodeId,
  media,
  onUploaded,
  maxAudioMb,
}: Omit<EpisodeMediaUploadsProps, "onUploaded"> & {
  field: EpisodeMediaField;
  onUploaded: (media: EpisodeMediaInfo) => void;
}) {
  const inputId = useId();
  const label = EPISODE_MEDIA_LABELS[field];
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const upload = useRef<UploadUnderWay<MediaReply> | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const uploading = percent !== null;
  const url = `/api/admin/episodes/${episodeId}/${field}`;
  const current = field === "audio" ? media.audio : field === "artwork" ? media.artwork : media.transcript;

  function succeeded(reply: MediaReply, title: string, description: string | null) {
    if (!reply.data) return;
    onUploaded(reply.data);
    toast({ title, ...(description ? { description } : {}) });
  }

  async function handleUpload() {
    if (!file || uploading) return;
    setRefusal(null);
    if (field === "audio" && maxAudioMb !== undefined && file.size > maxAudioMb * 1024 * 1024) {
      setRefusal(`The audio file is larger than the ${maxAudioMb} MB limit.`);
      return;
    }
    const body = new FormData();
    body.append(field, file);
    setPercent(0);
    const sending = sendFormWithProgress<MediaReply>("PUT", url, body, ({ sentBytes, totalBytes }) =>
      setPercent(percentOf(sentBytes, totalBytes)),
    );
    upload.current = sending;
    try {
      const reply = await sending.reply;
      if (reply.ok && reply.body?.success && reply.body.data) {
        succeeded(reply.body, EPISODE_MEDIA_UPLOADED[field], uploadedDescription(field, reply.body.data));
        setFile(null);
        if (input.current) input.current.value = "";
      } else {
        setRefusal(reply.body?.message ?? NOT_SAVED);
      }
    } catch (error) {
      if (!(error instanceof DOMException && error.name === "AbortError")) setRefusal(CANNOT_REACH);
    } finally {
      upload.current = null;
      setPercent(null);
    }
  }

  async function handleRemove() {
    if (field === "audio") return;
    setRefusal(null);
    setRemoving(true);
    try {
      const reply = await sendJson<MediaReply>("DELETE", url);
      if (reply.ok && reply.body?.success) succeeded(reply.body, EPISODE_MEDIA_REMOVED[field], null);
      else setRefusal(reply.body?.message ?? NOT_SAVED);
    } catch {
      setRefusal(CANNOT_REACH);
    } finally {
      setRemoving(false);
    }
  }

  const thumbnail = field === "artwork" ? media.artwork?.renditions[0] : undefined;

  return (
    <section aria-labelledby={`${inputId}-heading`} className="rounded-lg border border-border p-4">
      <h3 id={`${inputId}-heading`} className="font-semibold text-lg">
        {label}
      </h3>
      <div className="mt-2 flex items-center gap-4">
        {thumbnail ? (
          <img
            src={thumbnail.url}
            width={96}
            height={96}
            alt="The episode's current artwork"
            className="size-24 rounded-md object-cover"
          />
        ) : null}
        <p className="text-muted-foreground text-sm" data-testid={`${field}-current`}>
          {describeCurrent(field, media)}
          {current && field !== "artwork" ? (
            <>
              {" "}
              <a href={current.url} className="underline" target="_blank" rel="noreferrer">
                {field === "audio" ? "Listen" : "Open"}
              </a>
            </>
          ) : null}
        </p>
      </div>

      {/* Not a form of its own: the editor's form holds these sections, and forms cannot nest. */}
      <div className="mt-4 flex flex-col gap-2">
        <Label htmlFor={inputId}>{current ? `Replace the ${label.toLowerCase()}` : `${label} file`}</Label>
        <Input
          ref={input}
          id={inputId}
          type="file"
          accept={EPISODE_MEDIA_ACCEPT[field]}
          aria-describedby={`${inputId}-hint${refusal ? ` ${inputId}-refusal` : ""}`}
          aria-invalid={refusal ? true : undefined}
          disabled={uploading}
          onChange={(event) => {
            setFile(event.currentTarget.files?.[0] ?? null);
            setRefusal(null);
          }}
        />
        <p id={`${inputId}-hint`} className="text-muted-foreground text-xs">
          {HINTS[field]}
          {field === "audio" && maxAudioMb !== undefined ? ` Up to ${maxAudioMb} MB.` : ""}
        </p>
        {uploading ? (
          <div className="flex items-center gap-3">
            <div
              role="progressbar"
              aria-label={`${label} upload`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={percent < 100 ? `${percent}% sent` : "Sent; checking the file"}
              className="h-2 flex-1 overflow-hidden rounded-full bg-secondary"
            >
              <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            <span className="w-40 text-muted-foreground text-sm tabular-nums" aria-hidden="true">
              {percent < 100 ? `${percent}%` : "Checking the file…"}
            </span>
          </div>
        ) : null}
        {refusal ? (
          <p id={`${inputId}-refusal`} role="alert" className="text-red-300 text-sm">
            {refusal}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <LiveButton type="button" disabled={!file || uploading || removing} onClick={handleUpload}>
            {uploading ? "Uploading..." : `Upload ${label.toLowerCase()}`}
          </LiveButton>
          {uploading ? (
            <LiveButton type="button" variant="outline" onClick={() => upload.current?.abort()}>
              Cancel upload
            </LiveButton>
          ) : null}
          {field !== "audio" && current && !uploading ? (
            <LiveButton type="button" variant="outline" disabled={removing} onClick={handleRemove}>
              {removing ? "Removing..." : `Remove ${label.toLowerCase()}`}
            </LiveButton>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/**
 * The episode editor's Audio, Artwork and Transcript sections: what each holds now, and a file to upload in its
 * place, sent with a progress bar. The server checks each file by its content; its refusal is shown as it says it.
 */
export function EpisodeMediaUploads({ media, onUploaded, ...props }: EpisodeMediaUploadsProps) {
  const [current, setCurrent] = useState(media);
  const changed = (next: EpisodeMediaInfo) => {
    setCurrent(next);
    onUploaded?.(next);
  };
  return (
    <div className="flex flex-col gap-4">
      {EPISODE_MEDIA_FIELDS.map((field) => (
        <MediaUploadSection key={field} field={field} media={current} onUploaded={changed} {...props} />
      ))}
    </div>
  );
}
