import { Trash2 } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { ConfirmAction } from "~/components/owner-list-panel";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import { formFields } from "~/lib/form-fields";
import { MEMBER_TIERS } from "../editor-schema";

export type ItemField = {
  name: string;
  label: string;
  kind: "text" | "textarea" | "datetime-local" | "number" | "url" | "tier";
  hint?: string;
};

type Reply = { success?: boolean; message?: string; errors?: Record<string, string[]> };

const TIER_LABELS = { free: "Every member", basic: "Basic and Premium", premium: "Premium only" } as const;

/**
 * One members' event or resource in the owner's screen: its fields, checked in the browser with the API's schema,
 * created (POST to `endpoint`) or saved with the version it opened (PUT to `endpoint/{id}`: a save from an outdated
 * tab is told so), and deleted after a confirmation. The list reloads after each change.
 */
export function OwnerItemForm({
  noun,
  endpoint,
  fields,
  schema,
  item,
  defaults,
  children,
}: {
  noun: "Event" | "Resource";
  endpoint: string;
  fields: readonly ItemField[];
  schema: z.ZodType;
  item: ({ id: number; version: number; title: string } & Record<string, unknown>) | null;
  /** A new item's starting values. */
  defaults?: Record<string, unknown>;
  children?: ReactNode;
}) {
  const formId = useId();
  const { revalidate } = useRevalidator();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);

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
        ? await sendJson<Reply>("PUT", `${endpoint}/${item.id}`, { ...(parsed.data as object), version: item.version })
        : await sendJson<Reply>("POST", endpoint, parsed.data);
      if (reply.ok) {
        toast({ title: item ? `${noun} Saved` : `${noun} Created` });
        if (!item) form.reset();
        await revalidate();
      } else {
        setErrors(reply.body?.errors ?? {});
        setProblem(reply.body?.message ?? `The ${noun.toLowerCase()} could not be saved. Please try again.`);
      }
    } catch {
      setProblem("The server could not be reached. Check your connection and try again.");
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!item) return;
    setDeleting(false);
    try {
      const reply = await sendJson<Reply>("DELETE", `${endpoint}/${item.id}`);
      if (reply.ok) {
        toast({ title: `${noun} Deleted`, description: `"${item.title}" has been deleted.` });
        await revalidate();
      } else {
        setProblem(reply.body?.message ?? `The ${noun.toLowerCase()} could not be deleted.`);
      }
    } catch {
      setProblem("The server could not be reached. Check your connection and try again.");
    }
  }

  return (
    <>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {fields.map((field) => {
          const id = `${formId}-${field.name}`;
          const error = errors[field.name]?.[0];
          const value = (item ?? defaults)?.[field.name];
          const common = {
            id,
            name: field.name,
            defaultValue: value === null || value === undefined ? "" : String(value),
            "aria-describedby": `${field.hint ? `${id}-hint` : ""}${error ? ` ${id}-error` : ""}`.trim() || undefined,
            "aria-invalid": error ? true : undefined,
          };
          return (
            <div key={field.name} className="flex flex-col gap-2">
              <Label htmlFor={id}>{field.label}</Label>
              {field.kind === "textarea" ? (
                <Textarea rows={4} {...common} />
              ) : field.kind === "tier" ? (
                <select
                  {...common}
                  defaultValue={common.defaultValue || "premium"}
                  className="h-9 rounded-md border border-input bg-transparent px-3 text-sm"
                >
                  {MEMBER_TIERS.map((tier) => (
                    <option key={tier} value={tier} className="bg-background">
                      {TIER_LABELS[tier]}
                    </option>
                  ))}
                </select>
              ) : (
                <Input type={field.kind} {...common} />
              )}
              {field.hint ? (
                <p id={`${id}-hint`} className="text-muted-foreground text-xs">
                  {field.hint}
                </p>
              ) : null}
              {error ? (
                <p id={`${id}-error`} className="text-red-300 text-sm">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        {problem ? (
          <p role="alert" className="text-red-300">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : item ? `Save ${noun}` : `Create ${noun}`}
          </Button>
          {item ? (
            <Button type="button" variant="destructive" className="ml-auto" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden />
              Delete {noun}
            </Button>
          ) : null}
        </div>
      </form>
      {children}
      <ConfirmAction
        open={deleting}
        title={`Delete ${noun}?`}
        confirmLabel="Delete Permanently"
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(false)}
      >
        This will permanently delete "{item?.title}"{noun === "Resource" ? " with its uploaded file" : ""}. Members will
        no longer see it.
      </ConfirmAction>
    </>
  );
}
