import { type FormEvent, useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { type FieldErrors, firstErrors } from "~/lib/field-messages";
import { SetPasswordSchema, STAFF_PASSWORD_MIN_LENGTH } from "../schema";

/**
 * The invitation page's form. It posts to the page's action, with or without scripts; with them, the same schema the
 * action parses checks the fields first, so a mismatch is shown without a round trip.
 */
export function SetPasswordForm({ token, errors: serverErrors }: { token: string; errors?: FieldErrors }) {
  const passwordId = useId();
  const confirmId = useId();
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const errors = clientErrors ?? serverErrors ?? {};
  const navigation = useNavigation();

  function check(event: FormEvent<HTMLFormElement>) {
    const fields = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = SetPasswordSchema.safeParse(fields);
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(firstErrors(parsed.error.issues));
  }

  return (
    <Form method="post" onSubmit={check} className="mt-6 flex flex-col gap-4" noValidate>
      <input type="hidden" name="token" value={token} />
      <div className="flex flex-col gap-2">
        <Label htmlFor={passwordId}>Password</Label>
        <Input
          id={passwordId}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={STAFF_PASSWORD_MIN_LENGTH}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${passwordId}-error` : undefined}
        />
        {errors.password ? (
          <p id={`${passwordId}-error`} className="text-red-300 text-sm">
            {errors.password}
          </p>
        ) : (
          <p className="text-muted-foreground text-sm">At least {STAFF_PASSWORD_MIN_LENGTH} characters.</p>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={confirmId}>Confirm Password</Label>
        <Input
          id={confirmId}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          aria-invalid={errors.confirmPassword ? true : undefined}
          aria-describedby={errors.confirmPassword ? `${confirmId}-error` : undefined}
        />
        {errors.confirmPassword ? (
          <p id={`${confirmId}-error`} className="text-red-300 text-sm">
            {errors.confirmPassword}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={navigation.state !== "idle"}>
        {navigation.state === "submitting" ? "Setting Password..." : "Set Password"}
      </Button>
    </Form>
  );
}
