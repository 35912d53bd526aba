import { useId, useRef, useState } from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { LiveButton } from "~/components/ui/live-button";
import { toast } from "~/components/ui/use-toast";
import { sendFormWithProgress } from "~/lib/upload-with-progress";
import type { OwnerStory, StoryMediaField } from "../editor-schema";

type StoryReply = { success?: boolean; message?: string; data?: OwnerStory };

const TEXTS: Record<StoryMediaField, { label: string; accept: string; hint: string; uploaded: string }> = {
  video: {
    label: "Video",
    accept: "video/mp4,video/webm,.mp4,.webm",
    hint: "MP4 or WebM, up to 500 MB. The type is read from the file itself.",
    uploaded: "Video uploaded",
  },
  poster: {
    label: "Poster",
    accept: "image/jpeg,image/png,.jpg,.jpeg,.png",
    hint: "JPEG or PNG, shown before the video plays (as WebP, 480 pixels wide).",
    uploaded: "Poster uploaded",
  },
};

/** One of a story's files: what it is now, and a file to send in its place with its progress. */
export function StoryMediaUpload({
  storyId,
  field,
  story,
  onUploaded,
}: {
  storyId: number;
  field: StoryMediaField;
  story: OwnerStory;
  onUploaded: (story: OwnerStory) => void;
}) {
  const inputId = useId();
  const texts = TEXTS[field];
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const current = field === "video" ? story.videoUrl : story.posterUrl;
  const uploaded = field === "video" ? story.videoUploaded : story.posterUploaded;

  async function upload() {
    if (!file || percent !== null) return;
    setRefusal(null);
    const body = new FormData();
    body.append(field, file);
    setPercent(0);
    try {
      const reply = await sendFormWithProgress<StoryReply>(
        "PUT",
        `/api/admin/stories/${storyId}/${field}`,
        body,
        ({ sentBytes, totalBytes }) => setPercent(totalBytes > 0 ? Math.floor((sentBytes / totalBytes) * 100) : 0),
      ).reply;
      if (reply.ok && reply.body?.data) {
        onUploaded(reply.body.data);
        toast({ title: texts.uploaded });
        setFile(null);
        if (input.current) input.current.value = "";
      } else {
        setRefusal(reply.body?.message ?? "The file could not be saved. Please try again.");
      }
    } catch {
      setRefusal("The upload could not reach the server. Check your connection and try again.");
    } finally {
      setPercent(null);
    }
  }

  return (
    <section aria-labelledby={`${inputId}-heading`} className="rounded-lg border border-border p-4">
      <h3 id={`${inputId}-heading`} className="font-semibold text-lg">
        {texts.label}
      </h3>
      <div className="mt-2 flex flex-col gap-2">
        {current && field === "video" ? (
          // biome-ignore lint/a11y/useMediaCaption: the owner's preview of the file just uploaded, which has none yet
          <video src={current} controls preload="metadata" className="aspect-video w-full max-w-md bg-black" />
        ) : null}
        {current && field === "poster" ? (
          <img src={current} alt="The story's current poster" className="aspect-video w-full max-w-md object-cover" />
        ) : null}
        <p className="text-muted-foreground text-sm" data-testid={`${field}-current`}>
          {uploaded ? `An uploaded ${field}.` : current ? `The built-in sample ${field}.` : `No ${field} yet.`}
        </p>
        <Label htmlFor={inputId}>{current ? `Replace the ${field}` : `${texts.label} file`}</Label>
        <Input
          ref={input}
          id={inputId}
          type="file"
          accept={texts.accept}
          aria-describedby={`${inputId}-hint${refusal ? ` ${inputId}-refusal` : ""}`}
          aria-invalid={refusal ? true : undefined}
          disabled={percent !== null}
          onChange={(event) => {
            setFile(event.currentTarget.files?.[0] ?? null);
            setRefusal(null);
          }}
        />
        <p id={`${inputId}-hint`} className="text-muted-foreground text-xs">
          {texts.hint}
        </p>
        {percent !== null ? (
          <p role="status" className="text-sm tabular-nums">
            {percent < 100 ? `${percent}% sent` : "Sent; checking the file…"}
          </p>
        ) : null}
        {refusal ? (
          <p id={`${inputId}-refusal`} role="alert" className="text-red-300 text-sm">
            {refusal}
          </p>
        ) : null}
        <div>
          <LiveButton type="button" disabled={!file || percent !== null} onClick={() => void upload()}>
            {percent !== null ? "Uploading..." : `Upload ${field}`}
          </LiveButton>
        </div>
      </div>
    </section>
  );
}
