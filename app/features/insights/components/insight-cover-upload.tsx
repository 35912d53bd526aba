import { useId, useRef, useState } from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { LiveButton } from "~/components/ui/live-button";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import { sendFormWithProgress } from "~/lib/upload-with-progress";
import { COVER_ALT_MAX_LENGTH, COVER_ALT_REQUIRED_MESSAGE, type InsightCoverInfo } from "../editor-schema";

type CoverReply = { success?: boolean; message?: string; data?: InsightCoverInfo };

const CANNOT_REACH = "The upload could not reach the server. Check your connection and try again.";
const NOT_SAVED = "The file could not be saved. Please try again.";

/**
 * The post's cover: its alt text and image travel together (no cover is stored without a description). Not a form of
 * its own: the editor's form holds this section, and forms cannot nest.
 */
export function InsightCoverUpload({
  insightId,
  cover,
  onChanged,
}: {
  insightId: string;
  cover: InsightCoverInfo;
  onChanged: (cover: InsightCoverInfo) => void;
}) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const altInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const url = `/api/admin/insights/${insightId}/cover`;

  async function upload() {
    const alt = altInput.current?.value.trim() ?? "";
    if (!file) return;
    if (!alt) {
      setRefusal(COVER_ALT_REQUIRED_MESSAGE);
      altInput.current?.focus();
      return;
    }
    setRefusal(null);
    const body = new FormData();
    // The alt text first: the server reads it before the image arrives.
    body.append("alt", alt);
    body.append("cover", file);
    setPercent(0);
    try {
      const reply = await sendFormWithProgress<CoverReply>("PUT", url, body, ({ sentBytes, totalBytes }) =>
        setPercent(totalBytes > 0 ? Math.floor((sentBytes / totalBytes) * 100) : 0),
      ).reply;
      if (reply.ok && reply.body?.success) {
        onChanged(reply.body.data ?? null);
        toast({ title: "Cover uploaded", description: "The post shows this cover from now on." });
        setFile(null);
        if (fileInput.current) fileInput.current.value = "";
      } else {
        setRefusal(reply.body?.message ?? NOT_SAVED);
      }
    } catch {
      setRefusal(CANNOT_REACH);
    } finally {
      setPercent(null);
    }
  }

  async function remove() {
    setRefusal(null);
    try {
      const reply = await sendJson<CoverReply>("DELETE", url);
      if (reply.ok && reply.body?.success) {
        onChanged(null);
        toast({ title: "Cover removed" });
      } else {
        setRefusal(reply.body?.message ?? NOT_SAVED);
      }
    } catch {
      setRefusal(CANNOT_REACH);
    }
  }

  const thumbnail = cover?.renditions[0];
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3 rounded-lg border border-border p-4">
      <h3 id={`${id}-heading`} className="font-semibold text-lg">
        Cover Image
      </h3>
      {thumbnail && cover ? (
        <img src={thumbnail.url} alt={cover.alt} width={192} className="w-48 rounded-md" />
      ) : (
        <p className="text-muted-foreground text-sm">No cover: the default picture is shown.</p>
      )}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-alt`}>Cover alt text</Label>
        <Input
          ref={altInput}
          id={`${id}-alt`}
          name="coverAlt"
          maxLength={COVER_ALT_MAX_LENGTH}
          defaultValue={cover?.alt ?? ""}
          aria-describedby={refusal ? `${id}-refusal` : undefined}
        />
        <p className="text-muted-foreground text-xs">What the picture shows, for readers who cannot see it.</p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-file`}>{cover ? "Replace the cover" : "Cover file"}</Label>
        <Input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,.jpg,.jpeg,.png"
          disabled={percent !== null}
          onChange={(event) => {
            setFile(event.currentTarget.files?.[0] ?? null);
            setRefusal(null);
          }}
        />
        <p className="text-muted-foreground text-xs">
          JPEG or PNG, at least 1200 × 600 pixels; shown as WebP at the sizes the pages draw.
        </p>
      </div>
      {percent !== null ? <progress value={percent} max={100} aria-label="Cover upload progress" /> : null}
      {refusal ? (
        <p id={`${id}-refusal`} role="alert" className="text-red-300 text-sm">
          {refusal}
        </p>
      ) : null}
      <div className="flex gap-2">
        <LiveButton type="button" variant="outline" disabled={!file || percent !== null} onClick={() => void upload()}>
          Upload Cover
        </LiveButton>
        {cover ? (
          <LiveButton type="button" variant="ghost" onClick={() => void remove()}>
            Remove Cover
          </LiveButton>
        ) : null}
      </div>
    </section>
  );
}
