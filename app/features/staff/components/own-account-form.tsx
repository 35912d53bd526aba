import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import { errorsFromApi, type FieldErrors, firstErrors } from "~/lib/field-messages";

export type OwnAccountField = {
  name: string;
  label: string;
  type: "email" | "password";
  autoComplete: string;
  minLength?: number;
  /** Shown under the field while it has no error. */
  hint?: string;
};

type OwnAccountFormProps = {
  /** The section's heading and the button's label: "Change Password". */
  action: string;
  /** What was changed, for the toasts: "Password". */
  thing: string;
  intro: ReactNode;
  fields: readonly OwnAccountField[];
  schema: z.ZodType;
  /** The call the form's parsed fields are posted to. */
  path: string;
};

/**
 * A change to the signed-in person's own account confirmed by their current password (their password, their email).
 * Sent as the Your Sessions page's other forms send theirs; the schema the call parses checks the fields first, so a
 * mistake is shown without a round trip. The page's data is loaded again after a change (the sessions it ended).
 */
export function OwnAccountForm({ action, thing, intro, fields, schema, path }: OwnAccountFormProps) {
  const id = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const { revalidate } = useRevalidator();
  const failed = `${thing} Not Changed`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = schema.safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    setBusy(true);
    try {
      const reply = await sendJson<{ message?: string; errors?: Record<string, string[]> }>("POST", path, parsed.data);
      if (reply.ok) {
        setErrors({});
        form.reset();
        toast({
          title: `${thing} Changed`,
          description: reply.body?.message ?? `Your ${thing.toLowerCase()} was changed.`,
        });
        await revalidate();
        return;
      }
      setErrors(errorsFromApi(reply.body?.errors));
      toast({ title: failed, description: reply.body?.message ?? "Please try again.", variant: "destructive" });
    } catch {
      toast({ title: failed, description: "The server could not be reached.", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-border p-6">
      <h2 id={`${id}-heading`} className="font-semibold text-xl">
        {action}
      </h2>
      <p className="mt-2 text-muted-foreground">{intro}</p>
      <form onSubmit={submit} className="mt-4 flex max-w-md flex-col gap-4" noValidate>
        {fields.map((field) => {
          const inputId = `${id}-${field.name}`;
          const error = errors[field.name];
          return (
            <div key={field.name} className="flex flex-col gap-2">
              <Label htmlFor={inputId}>{field.label}</Label>
              <Input
                id={inputId}
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                required
                minLength={field.minLength}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
              />
              {error ? (
                <p id={`${inputId}-error`} className="text-red-300 text-sm">
                  {error}
                </p>
              ) : field.hint ? (
                <p className="text-muted-foreground text-sm">{field.hint}</p>
              ) : null}
            </div>
          );
        })}
        <Button type="submit" disabled={busy} className="self-start">
          {busy ? `${action.replace(/^Change/, "Changing")}...` : action}
        </Button>
      </form>
    </section>
  );
}
