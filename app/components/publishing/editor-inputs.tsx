import { type ComponentProps, type ReactNode, type Ref, useRef } from "react";
import { FieldError, FormField } from "~/components/form-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { LiveButton } from "~/components/ui/live-button";
import { Textarea } from "~/components/ui/textarea";
import type { FieldErrors } from "~/lib/field-messages";

/**
 * The fields of an owner editor of published content (episodes, insights): a labelled input or text box named as the
 * schema names its value, the fields every published item has (title, slug, publish date), the Markdown field with its
 * preview, and the date box in the owner's time zone.
 */

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
