import { Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { useId } from "react";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { FormField } from "~/components/form-field";
import { ConfirmAction } from "~/components/publishing/owner-list-panel";
import { useVersionedForm } from "~/components/publishing/use-versioned-form";
import { Input } from "~/components/ui/input";
import { LiveButton } from "~/components/ui/live-button";
import { Textarea } from "~/components/ui/textarea";
import { MEMBER_TIERS } from "../editor-schema";

export type ItemField = {
  name: string;
  label: string;
  kind: "text" | "textarea" | "datetime-local" | "number" | "url" | "tier";
  hint?: string;
};

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
  const { errors, problem, busy, deleting, setDeleting, submit, remove, controlProps } = useVersionedForm({
    noun,
    endpoint,
    schema,
    item,
    onCreated: (_data, form) => {
      form.reset();
      return revalidate();
    },
    onSaved: () => revalidate(),
    onDeleted: () => revalidate(),
  });

  return (
    <>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {fields.map((field) => {
          const id = `${formId}-${field.name}`;
          const common = controlProps(id, field.name, (item ?? defaults)?.[field.name], Boolean(field.hint));
          return (
            <FormField key={field.name} id={id} label={field.label} hint={field.hint} error={errors[field.name]?.[0]}>
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
            </FormField>
          );
        })}
        {problem ? (
          <p role="alert" className="text-red-300">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <LiveButton type="submit" disabled={busy}>
            {busy ? "Saving..." : item ? `Save ${noun}` : `Create ${noun}`}
          </LiveButton>
          {item ? (
            <LiveButton type="button" variant="destructive" className="ml-auto" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden />
              Delete {noun}
            </LiveButton>
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
