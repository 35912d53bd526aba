import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import { errorsFromApi, type FieldErrors } from "~/lib/field-messages";
import { formFields } from "~/lib/form-entries";
import { localInputValue } from "./editor-inputs";

type Reply = { success?: boolean; message?: string; errors?: Record<string, string[]> };

/** What an editor of published content (an episode, an insight) keeps of its saved row. */
type PublishedRow = { id: number | string; title: string; version: number; publishDate: string | null };

type PublishingEditorOptions<Row extends PublishedRow> = {
  /** The row as loaded, or null for a new one. */
  initial: Row | null;
  /** "Episode": the toasts say "Episode Created", "Failed to save episode", … */
  noun: string;
  /** The owner API's list address (POST creates, `{apiPath}/{id}` reads, saves and deletes). */
  apiPath: string;
  /** The owner's list page, where a deletion leads. */
  listPath: string;
  /** The Markdown preview's address. */
  previewPath: string;
  /** What the toast says of a new row once created, after its quoted title. */
  createdDescription: string;
  /** What the toast says when the preview fails without a message. */
  previewFailedMessage: string;
  /** The form's `datetime-local` fields, sent as instants in the owner's own time zone. */
  localDateFields: string[];
  /** The schemas the API parses: a new row's, and a save's (with the version the editor opened). */
  createSchema: z.ZodType<{ title: string }>;
  saveSchema: z.ZodType<{ title: string }>;
};

/**
 * The state and calls every publishing editor shares: fields read on submit and checked with the API's own schema,
 * create then go to the row's page, a save naming the version the editor opened (a later save from another tab is
 * refused and shown as a conflict), the Markdown preview and the delete.
 */
export function usePublishingEditor<Row extends PublishedRow>(options: PublishingEditorOptions<Row>) {
  const { noun, apiPath } = options;
  const lowerNoun = noun.toLowerCase();
  const id = useId();
  const navigate = useNavigate();
  const publishDateRef = useRef<HTMLInputElement>(null);
  const [saved, setSaved] = useState(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  // The date is shown in the owner's own time zone, which only the browser knows.
  const savedPublishDate = saved?.publishDate ?? null;
  useEffect(() => {
    if (publishDateRef.current && savedPublishDate) publishDateRef.current.value = localInputValue(savedPublishDate);
  }, [savedPublishDate]);

  const fieldId = (name: string) => `${id}-${name.replaceAll(".", "-")}`;
  const invalid = (name: string) =>
    errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${fieldId(name)}-error` } : {};

  function refused(status: number, body: Reply | null, fallback: string) {
    const message = body?.message ?? fallback;
    if (status === 409 && !body?.errors) setConflict(message);
    setErrors(errorsFromApi(body?.errors));
    toast({ title: "Error", description: message, variant: "destructive" });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const fields = formFields(new FormData(form, submitter));
    for (const name of options.localDateFields) {
      const local = typeof fields[name] === "string" ? fields[name] : "";
      fields[name] = local ? new Date(local).toISOString() : "";
    }
    const checked = (saved ? options.saveSchema : options.createSchema).safeParse(fields);
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) found[issue.path.join(".")] ??= issue.message;
      setErrors(found);
      form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
      toast({ title: "Error", description: checked.error.issues[0].message, variant: "destructive" });
      return;
    }
    setErrors({});
    setConflict(null);
    setSaving(true);
    try {
      if (!saved) {
        const reply = await sendJson<Reply & { data?: { id: number | string } }>("POST", apiPath, fields);
        if (reply.ok && reply.body?.data) {
          toast({ title: `${noun} Created`, description: `"${checked.data.title}" ${options.createdDescription}` });
          await navigate(`${options.listPath}/${reply.body.data.id}`);
          return;
        }
        refused(reply.status, reply.body, `Failed to create ${lowerNoun}`);
        return;
      }
      const reply = await sendJson<Reply & { data?: Row }>("PUT", `${apiPath}/${saved.id}`, fields);
      if (reply.ok && reply.body?.data) {
        setSaved(reply.body.data);
        toast({ title: `${noun} Saved`, description: `"${reply.body.data.title}" has been saved.` });
        return;
      }
      refused(reply.status, reply.body, `Failed to save ${lowerNoun}`);
    } catch {
      toast({
        title: "Error",
        description: "The server could not be reached. Please try again.",
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  }

  async function showPreview(markdown: string) {
    try {
      const reply = await sendJson<Reply & { data?: { html: string } }>("POST", options.previewPath, { markdown });
      if (reply.ok && reply.body?.data) {
        setPreview(reply.body.data.html);
        return;
      }
      toast({
        title: "Error",
        description: reply.body?.message ?? options.previewFailedMessage,
        variant: "destructive",
      });
    } catch {
      toast({ title: "Error", description: options.previewFailedMessage, variant: "destructive" });
    }
  }

  async function remove() {
    if (!saved) return;
    setDeleting(false);
    try {
      const reply = await sendJson<Reply>("DELETE", `${apiPath}/${saved.id}`);
      if (reply.ok) {
        toast({ title: `${noun} Deleted`, description: `"${saved.title}" has been deleted.` });
        await navigate(options.listPath);
        return;
      }
      toast({
        title: "Delete Failed",
        description: reply.body?.message ?? `Failed to delete ${lowerNoun}`,
        variant: "destructive",
      });
    } catch {
      toast({ title: "Delete Failed", description: `Failed to delete ${lowerNoun}`, variant: "destructive" });
    }
  }

  return {
    saved,
    /** For what the editor's own uploads change in the row (they save apart from the form). */
    setSaved,
    errors,
    conflict,
    saving,
    deleting,
    setDeleting,
    preview,
    setPreview,
    publishDateRef,
    fieldId,
    invalid,
    handleSubmit,
    showPreview,
    remove,
  };
}
