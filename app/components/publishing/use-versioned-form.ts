import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import { formFields } from "~/lib/form-entries";

type Reply<Data> = { success?: boolean; message?: string; errors?: Record<string, string[]>; data?: Data };

const UNREACHABLE = "The server could not be reached. Check your connection and try again.";

/**
 * The state and calls of an owner's form for one row that is saved whole (a story, a members' event or resource):
 * fields read on submit and checked with the API's own schema, created by POST to `endpoint` or saved by PUT to
 * `endpoint/{id}` with the version the form opened (a save from an outdated tab is refused and its message shown),
 * and deleted after a confirmation. What follows a change (going to the row, reloading the list) is the caller's.
 */
export function useVersionedForm<Data>({
  noun,
  endpoint,
  schema,
  item,
  onCreated,
  onSaved,
  onDeleted,
}: {
  /** "Story": the toasts say "Story Created", "Story Saved", "Story Deleted". */
  noun: string;
  endpoint: string;
  schema: z.ZodType;
  item: { id: number; version: number; title: string } | null;
  /** What follows a change; a promise it returns is awaited before the form is usable again. */
  onCreated: (data: Data | undefined, form: HTMLFormElement) => unknown;
  onSaved: (data: Data | undefined) => unknown;
  onDeleted: () => unknown;
}) {
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const lowerNoun = noun.toLowerCase();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    const form = event.currentTarget;
    const parsed = schema.safeParse(formFields(new FormData(form)));
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), [issue.message]])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const reply = item
        ? await sendJson<Reply<Data>>("PUT", `${endpoint}/${item.id}`, {
            ...(parsed.data as object),
            version: item.version,
          })
        : await sendJson<Reply<Data>>("POST", endpoint, parsed.data);
      if (reply.ok) {
        toast({ title: item ? `${noun} Saved` : `${noun} Created` });
        await (item ? onSaved(reply.body?.data) : onCreated(reply.body?.data, form));
      } else {
        setErrors(reply.body?.errors ?? {});
        setProblem(reply.body?.message ?? `The ${lowerNoun} could not be saved. Please try again.`);
      }
    } catch {
      setProblem(UNREACHABLE);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!item) return;
    setDeleting(false);
    try {
      const reply = await sendJson<Reply<Data>>("DELETE", `${endpoint}/${item.id}`);
      if (reply.ok) {
        toast({ title: `${noun} Deleted`, description: `"${item.title}" has been deleted.` });
        await onDeleted();
      } else {
        setProblem(reply.body?.message ?? `The ${lowerNoun} could not be deleted.`);
      }
    } catch {
      setProblem(UNREACHABLE);
    }
  }

  /** The props a field's control takes: its name, starting value, hint and error. */
  function controlProps(id: string, name: string, value: unknown, hasHint: boolean) {
    const error = errors[name]?.[0];
    return {
      id,
      name,
      defaultValue: value === null || value === undefined ? "" : String(value),
      "aria-describedby": `${hasHint ? `${id}-hint` : ""}${error ? ` ${id}-error` : ""}`.trim() || undefined,
      "aria-invalid": error ? (true as const) : undefined,
    };
  }

  return { errors, problem, busy, deleting, setDeleting, submit, remove, controlProps };
}
