import { type FormEvent, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import { errorsFromApi, type FieldErrors, firstErrors } from "~/lib/field-messages";
import { ChangePasswordSchema, STAFF_PASSWORD_MIN_LENGTH } from "../schema";

const FIELDS = [
  { name: "currentPassword", label: "Current Password", autoComplete: "current-password" },
  { name: "newPassword", label: "New Password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirm Password", autoComplete: "new-password" },
] as const;

/**
 * The signed-in person's own password: the current one, then the new one twice. Sent to POST
 * /api/admin/account/password as the page's other forms send theirs; the schema the call parses checks the fields first,
 * so a mismatch is shown without a round trip. The other sessions it signs out disappear from the list above.
 */
export function ChangePasswordForm() {
  const id = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const { revalidate } = useRevalidator();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = ChangePasswordSchema.safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    setBusy(true);
    try {
      const reply = await sendJson<{ message?: string; errors?: Record<string, string[]> }>(
        "POST",
        "/api/admin/account/password",
        parsed.data,
      );
      if (reply.ok) {
        setErrors({});
        form.reset();
        toast({ title: "Password Changed", description: reply.body?.message ?? "Your password was changed." });
        await revalidate();
        return;
      }
      setErrors(errorsFromApi(reply.body?.errors));
      toast({
        title: "Password Not Changed",
        description: reply.body?.message ?? "Please try again.",
        variant: "destructive",
      });
    } catch {
      toast({ title: "Password Not Changed", description: "The server could not be reached.", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-border p-6">
      <h2 id={`${id}-heading`} className="font-semibold text-xl">
        Change Password
      </h2>
      <p className="mt-2 text-muted-foreground">Changing your password signs you out everywhere but here.</p>
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
                type="password"
                autoComplete={field.autoComplete}
                required
                minLength={field.name === "newPassword" ? STAFF_PASSWORD_MIN_LENGTH : undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
              />
              {error ? (
                <p id={`${inputId}-error`} className="text-red-300 text-sm">
                  {error}
                </p>
              ) : field.name === "newPassword" ? (
                <p className="text-muted-foreground text-sm">At least {STAFF_PASSWORD_MIN_LENGTH} characters.</p>
              ) : null}
            </div>
          );
        })}
        <Button type="submit" disabled={busy} className="self-start">
          {busy ? "Changing Password..." : "Change Password"}
        </Button>
      </form>
    </section>
  );
}
