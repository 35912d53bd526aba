import { type ReactNode, useRef } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";

/**
 * Pieces every owner editor of published content shares (episodes, insights): the labelled field, the Markdown field
 * with its preview, the status badge, the publishing buttons a status offers and the date box in the owner's time zone.
 */

export type PublishStatus = "draft" | "scheduled" | "published" | "unpublished";

export const PUBLISH_STATUS_LABELS: Record<PublishStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
  unpublished: "Unpublished",
};

const STATUS_VARIANTS = {
  draft: "outline",
  scheduled: "secondary",
  published: "default",
  unpublished: "destructive",
} as const;

export function PublishStatusBadge({ status }: { status: PublishStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{PUBLISH_STATUS_LABELS[status]}</Badge>;
}

/** The buttons that change the status, by the status shown now. */
export function statusActions(status: PublishStatus | null): { status: PublishStatus; label: string }[] {
  switch (status) {
    case "published":
      return [{ status: "unpublished", label: "Unpublish" }];
    case "scheduled":
      return [
        { status: "published", label: "Publish Now" },
        { status: "draft", label: "Back to Draft" },
      ];
    case "unpublished":
      return [
        { status: "published", label: "Publish Now" },
        { status: "scheduled", label: "Schedule" },
        { status: "draft", label: "Back to Draft" },
      ];
    default:
      return [
        { status: "published", label: "Publish Now" },
        { status: "scheduled", label: "Schedule" },
      ];
  }
}

/** An ISO moment as a datetime-local value in the browser's time zone. */
export function localInputValue(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? <p className="text-muted-foreground text-xs">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="text-red-300 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A Markdown box with Write and Preview. The preview is HTML the server rendered and sanitised; the box stays in the
 * form while the preview shows (hidden), so a save always sends what was written.
 */
export function MarkdownField({
  id,
  name,
  label,
  previewLabel,
  rows,
  defaultValue,
  error,
  invalidProps,
  preview,
  onWrite,
  onPreview,
}: {
  id: string;
  name: string;
  label: string;
  previewLabel: string;
  rows: number;
  defaultValue: string;
  error?: string;
  invalidProps: Record<string, unknown>;
  preview: string | null;
  onWrite: () => void;
  onPreview: (markdown: string) => void;
}) {
  const boxRef = useRef<HTMLTextAreaElement>(null);
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        <div className="flex gap-2">
          <Button
            type="button"
            variant={preview === null ? "secondary" : "ghost"}
            size="sm"
            aria-pressed={preview === null}
            onClick={onWrite}
          >
            Write
          </Button>
          <Button
            type="button"
            variant={preview === null ? "ghost" : "secondary"}
            size="sm"
            aria-pressed={preview !== null}
            onClick={() => onPreview(boxRef.current?.value ?? "")}
          >
            Preview
          </Button>
        </div>
      </div>
      <Textarea
        ref={boxRef}
        id={id}
        name={name}
        rows={rows}
        className={preview === null ? undefined : "hidden"}
        defaultValue={defaultValue}
        {...invalidProps}
      />
      {preview !== null ? (
        <section
          aria-label={previewLabel}
          className="prose prose-invert max-w-none rounded-md border border-input p-4"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (lib/sanitize-html.server)
          dangerouslySetInnerHTML={{ __html: preview }}
        />
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-red-300 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
