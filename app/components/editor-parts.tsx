import { Plus, Trash2 } from "lucide-react";
import { type ComponentProps, type FormEvent, type ReactNode, type Ref, useRef, useState } from "react";
import { Link } from "react-router";
import { FieldError, FormField } from "~/components/form-field";
import { ConfirmAction } from "~/components/owner-list-panel";
import { TitledCard } from "~/components/titled-card";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { LiveButton } from "~/components/ui/live-button";
import { Textarea } from "~/components/ui/textarea";
import type { FieldErrors } from "~/lib/field-errors";

/**
 * Pieces every owner editor of published content shares (episodes, insights): the form with its conflict notice,
 * publishing buttons and delete, the fields every published item has (title, slug, publish date),
 * the rows the owner adds and removes, the Markdown field with its preview, the status badge, the publishing buttons a
 * status offers and the date box in the owner's time zone.
 */

export type PublishStatus = "draft" | "scheduled" | "published" | "unpublished";

const PUBLISH_STATUS_LABELS: Record<PublishStatus, string> = {
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
function statusActions(status: PublishStatus | null): { status: PublishStatus; label: string }[] {
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

/** What `usePublishingEditor` gives a field: its element id, its message, and the attributes that tie the two. */
type EditorFields = {
  fieldId: (name: string) => string;
  errors: FieldErrors;
  invalid: (name: string) => Record<string, unknown>;
};

/** A labelled one-line input, named as the schema names its value, with the message the last check gave it. */
export function EditorInput({
  editor,
  name,
  label,
  hint,
  ref,
  ...inputProps
}: { editor: EditorFields; name: string; label: string; hint?: ReactNode; ref?: Ref<HTMLInputElement> } & Omit<
  ComponentProps<"input">,
  "id" | "name"
>) {
  const id = editor.fieldId(name);
  return (
    <FormField id={id} label={label} error={editor.errors[name]} hint={hint}>
      <Input ref={ref} id={id} name={name} {...inputProps} {...editor.invalid(name)} />
    </FormField>
  );
}

/** A labelled text box, as `EditorInput` is a line. */
export function EditorTextarea({
  editor,
  name,
  label,
  hint,
  ...textareaProps
}: { editor: EditorFields; name: string; label: string; hint?: ReactNode } & Omit<
  ComponentProps<"textarea">,
  "id" | "name"
>) {
  const id = editor.fieldId(name);
  return (
    <FormField id={id} label={label} error={editor.errors[name]} hint={hint}>
      <Textarea id={id} name={name} {...textareaProps} {...editor.invalid(name)} />
    </FormField>
  );
}

/**
 * The heading of an editor's first card: its title, the status badge, and the publish date of an item that has one,
 * or what a new item is.
 */
export function PublishingCardHeader({
  title,
  saved,
  draftNote,
}: {
  title: string;
  saved: { status: PublishStatus; publishDate: string | null } | null;
  /** "A new episode is a draft until you publish or schedule it." */
  draftNote: string;
}) {
  const status = saved?.status ?? null;
  return (
    <CardHeader>
      <div className="flex flex-wrap items-center gap-3">
        <CardTitle>{title}</CardTitle>
        {status ? <PublishStatusBadge status={status} /> : null}
      </div>
      <CardDescription>
        {saved?.publishDate && status !== "draft"
          ? `Publish date: ${new Date(saved.publishDate).toUTCString()}`
          : draftNote}
      </CardDescription>
    </CardHeader>
  );
}

/**
 * Title and Slug. The slug is made from the title when left empty, and fixed once the item has been published, since
 * links to it are out in the world by then.
 */
export function TitleAndSlugFields({
  editor,
  saved,
  titleRequired = false,
  fixedHint,
  addressHint,
}: {
  editor: EditorFields;
  saved: { title: string; slug: string; slugFixed: boolean } | null;
  titleRequired?: boolean;
  /** "The address is fixed now that the episode has been published." */
  fixedHint: string;
  /** "The episode page's address, /podcast/{slug}; leave empty to make it from the title." */
  addressHint: string;
}) {
  return (
    <>
      <EditorInput
        editor={editor}
        name="title"
        label="Title"
        required={titleRequired}
        maxLength={200}
        defaultValue={saved?.title ?? ""}
      />
      <EditorInput
        editor={editor}
        name="slug"
        label="Slug"
        hint={saved?.slugFixed ? fixedHint : addressHint}
        maxLength={120}
        readOnly={saved?.slugFixed}
        defaultValue={saved?.slug ?? ""}
        placeholder="made-from-the-title"
      />
    </>
  );
}

/** The publish date, in the owner's own time zone (`usePublishingEditor` fills it in once the browser knows it). */
export function PublishDateField({ editor }: { editor: EditorFields & { publishDateRef: Ref<HTMLInputElement> } }) {
  return (
    <EditorInput
      editor={editor}
      ref={editor.publishDateRef}
      name="publishDate"
      label="Publish Date and Time"
      type="datetime-local"
      hint="In your time zone. Schedule needs a date in the future; Publish Now uses this moment unless the date is already past."
    />
  );
}

/** Rows get keys of their own, so that removing one keeps what was typed in the others. */
let nextRowKey = 0;

/** The rows of a list the owner edits (chapters, guests, sources), each with a key of its own. */
export function useEditableRows<Row extends object>(initial: () => Row[]) {
  const [rows, setRows] = useState(() => initial().map((row) => ({ ...row, key: ++nextRowKey })));
  return {
    rows,
    add: (row: Row) => setRows((current) => [...current, { ...row, key: ++nextRowKey }]),
    remove: (key: number) => setRows((current) => current.filter((row) => row.key !== key)),
  };
}

/** One row of such a list: its fields, named for screen readers by the legend, and its Remove button. */
export function EditableRow({
  legend,
  columns,
  onRemove,
  children,
}: {
  /** "Chapter 2": the legend, and the button reads "Remove chapter 2". */
  legend: string;
  /** The grid's columns from the small breakpoint on, the button's last. */
  columns: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <fieldset className={`grid gap-3 sm:items-end ${columns}`}>
      <legend className="sr-only">{legend}</legend>
      {children}
      <LiveButton
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Remove ${legend.toLowerCase()}`}
        onClick={onRemove}
      >
        <Trash2 aria-hidden />
      </LiveButton>
    </fieldset>
  );
}

/**
 * A card of rows the owner adds and removes: its title and description, the message about the list as a whole, the
 * rows, and under them the buttons that add one.
 */
export function EditableRowsCard({
  title,
  description,
  error,
  addButtons,
  children,
}: {
  title: string;
  description: string;
  error?: string;
  addButtons: ReactNode;
  children: ReactNode;
}) {
  return (
    <TitledCard title={title} description={description} className="grid gap-3">
      {error ? <p className="text-red-300 text-sm">{error}</p> : null}
      {children}
      <div className="flex flex-wrap items-end gap-3">{addButtons}</div>
    </TitledCard>
  );
}

/** The button under a list of rows that adds an empty one. */
export function AddRowButton({ label, onAdd }: { label: string; onAdd: () => void }) {
  return (
    <LiveButton type="button" variant="outline" onClick={onAdd}>
      <Plus aria-hidden />
      {label}
    </LiveButton>
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
          <LiveButton
            type="button"
            variant={preview === null ? "secondary" : "ghost"}
            size="sm"
            aria-pressed={preview === null}
            onClick={onWrite}
          >
            Write
          </LiveButton>
          <LiveButton
            type="button"
            variant={preview === null ? "ghost" : "secondary"}
            size="sm"
            aria-pressed={preview !== null}
            onClick={() => onPreview(boxRef.current?.value ?? "")}
          >
            Preview
          </LiveButton>
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
      <FieldError id={id} error={error} />
    </div>
  );
}

/** What `usePublishingEditor` hands the form around an editor's fields. */
type PublishingFormState = {
  saved: { version: number; status: PublishStatus; title: string } | null;
  conflict: string | null;
  saving: boolean;
  deleting: boolean;
  setDeleting: (open: boolean) => void;
  handleSubmit: (event: FormEvent<HTMLFormElement>) => void;
  remove: () => Promise<void>;
};

/**
 * The form of a publishing editor: the version the editor opened, the notice that another tab saved first, the
 * editor's own cards, then Save and the buttons the status offers (each a submit carrying the status it asks for),
 * the way back to the list, and Delete with its confirmation.
 */
export function PublishingForm({
  editor,
  noun,
  listPath,
  listLabel,
  deleteWarning,
  children,
}: {
  editor: PublishingFormState;
  /** "Episode": the form is "New episode", the button "Delete Episode". */
  noun: string;
  listPath: string;
  /** "Episodes": the link back reads "Back to Episodes". */
  listLabel: string;
  /** What the delete confirmation says is lost, after the title. */
  deleteWarning: ReactNode;
  children: ReactNode;
}) {
  const { saved, conflict, saving, deleting, setDeleting, handleSubmit, remove } = editor;
  const status = saved?.status ?? null;
  return (
    <>
      <form
        onSubmit={handleSubmit}
        noValidate
        aria-label={`${saved ? "Edit" : "New"} ${noun.toLowerCase()}`}
        className="grid gap-6"
      >
        {saved ? <input type="hidden" name="version" value={saved.version} /> : null}
        {conflict ? (
          <div role="alert" className="rounded-md border border-destructive p-4 text-sm">
            <p>{conflict}</p>
            <LiveButton
              type="button"
              variant="outline"
              size="sm"
              className="mt-2"
              onClick={() => window.location.reload()}
            >
              Reload
            </LiveButton>
          </div>
        ) : null}
        {children}
        <div className="flex flex-wrap items-center gap-3">
          <LiveButton type="submit" name="status" value={status ?? "draft"} disabled={saving}>
            {saving ? "Saving..." : saved ? "Save" : "Create Draft"}
          </LiveButton>
          {saved
            ? statusActions(status).map((action) => (
                <LiveButton
                  key={action.status}
                  type="submit"
                  name="status"
                  value={action.status}
                  variant="secondary"
                  disabled={saving}
                >
                  {action.label}
                </LiveButton>
              ))
            : null}
          <Button asChild variant="ghost">
            <Link to={listPath}>Back to {listLabel}</Link>
          </Button>
          {saved ? (
            <LiveButton type="button" variant="destructive" className="ml-auto" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden />
              Delete {noun}
            </LiveButton>
          ) : null}
        </div>
      </form>
      <ConfirmAction
        open={deleting}
        title={`Delete ${noun}?`}
        confirmLabel="Delete Permanently"
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(false)}
      >
        This will permanently delete "{saved?.title}" {deleteWarning}
      </ConfirmAction>
    </>
  );
}
