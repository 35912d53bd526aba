import { type FormEvent, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import { errorsFromApi, type FieldErrors, firstErrors } from "~/lib/field-messages";
import { ChangeEmailSchema } from "../schema";

const FIELDS = [
  { name: "email", label: "New Email", type: "email", autoComplete: "email" },
  { name: "currentPassword", label: "Current Password", type: "password", autoComplete: "current-password" },
] as const;

/**
 * The signed-in person's own email, the one they sign in with, confirmed by their current password. Sent to POST
 * /api/admin/account/email as the page's other forms send theirs; the call's schema checks the fields first.
 */
export function ChangeEmailForm({ email }: { email: string }) {
  const id = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const { revalidate } = useRevalidator();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = ChangeEmailSchema.safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    setBusy(true);
    try {
      const reply = await sendJson<{ message?: string; errors?: Record<string, string[]> }>(
        "POST",
        "/api/admin/account/email",
        parsed.data,
      );
      if (reply.ok) {
        setErrors({});
        form.reset();
        toast({ title: "Email Changed", description: reply.body?.message ?? "Your email was changed." });
        await revalidate();
        return;
      }
      setErrors(errorsFromApi(reply.body?.errors));
      toast({
        title: "Email Not Changed",
        description: reply.body?.message ?? "Please try again.",
        variant: "destructive",
      });
    } catch {
      toast({ title: "Email Not Changed", description: "The server could not be reached.", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-border p-6">
      <h2 id={`${id}-heading`} className="font-semibold text-xl">
        Change Email
      </h2>
      <p className="mt-2 text-muted-foreground">
        You sign in with {email}. A new email is the one you sign in with next.
      </p>
      <form onSubmit={submit} className="mt-4 flex max-w-md flex-col gap-4" noValidate>
        {FIELDS.map((field) => {
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
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
              />
              {error ? (
                <p id={`${inputId}-error`} className="text-red-300 text-sm">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        <Button type="submit" disabled={busy} className="self-start">
          {busy ? "Changing Email..." : "Change Email"}
        </Button>
      </form>
    </section>
  );
}
