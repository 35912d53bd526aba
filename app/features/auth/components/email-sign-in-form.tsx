import { type FormEvent, useId, useState } from "react";
import { HoneypotField } from "~/components/honeypot-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { sendJson } from "~/lib/api-client";
import { formFields } from "~/lib/form-entries";
import { honeypotPayload } from "~/lib/honeypot";
import { type EmailSignInFormResult, type EmailSignInResponse, EmailSignInSchema } from "../schema";

const UNREACHABLE_MESSAGE = "Something went wrong. Please try again.";

/**
 * Asks for an email address and has the server mail a sign-in link to it. The field is uncontrolled and read on
 * submit, so that an address typed before the scripts ran survives hydration. With scripts, the form sends in the
 * page; before or without them, it posts to the sign-in page's action, whose `answer` is shown here.
 */
export function EmailSignInForm({ returnTo, answer }: { returnTo: string; answer?: EmailSignInFormResult }) {
  const emailId = useId();
  const emailErrorId = useId();
  const refused = answer && !answer.sent ? answer : undefined;
  const [typedEmail, setTypedEmail] = useState(refused?.email ?? "");
  const [emailError, setEmailError] = useState<string | null>(refused?.emailError ?? null);
  const [formError, setFormError] = useState<string | null>(refused?.formError ?? null);
  const [sentMessage, setSentMessage] = useState<string | null>(answer?.sent ? answer.message : null);
  const [sending, setSending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const honeypot = honeypotPayload(event.currentTarget);
    const { homepage: _typedHoneypot, ...typed } = formFields(new FormData(event.currentTarget));
    const checked = EmailSignInSchema.safeParse(typed);
    if (!checked.success) {
      setEmailError(checked.error.issues[0].message);
      return;
    }
    setEmailError(null);
    setSending(true);
    try {
      const reply = await sendJson<EmailSignInResponse>("POST", "/api/auth/email-link", {
        ...checked.data,
        ...honeypot,
      });
      if (reply.ok && reply.body?.success) {
        setSentMessage(reply.body.message);
      } else if (reply.status === 400 && reply.body?.errors?.email) {
        setEmailError(reply.body.errors.email[0]);
      } else {
        setFormError(reply.body?.message || UNREACHABLE_MESSAGE);
      }
    } catch {
      setFormError(UNREACHABLE_MESSAGE);
    } finally {
      setSending(false);
    }
  }

  if (sentMessage) {
    return (
      <div role="status" className="rounded-lg border border-border bg-card p-6">
        <h2 className="font-semibold text-xl">Check your email</h2>
        <p className="mt-2 text-muted-foreground">{sentMessage}</p>
        <Button
          type="button"
          variant="ghost"
          className="mt-4 border border-border"
          onClick={() => {
            setSentMessage(null);
            setTypedEmail("");
          }}
        >
          Use a different address
        </Button>
      </div>
    );
  }

  return (
    <form
      method="post"
      action={`/sign-in?returnTo=${encodeURIComponent(returnTo)}`}
      onSubmit={handleSubmit}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Email sign-in"
    >
      <HoneypotField />
      <input type="hidden" name="returnTo" value={returnTo} />
      <div className="flex flex-col gap-2">
        <Label htmlFor={emailId}>Email Address</Label>
        <Input
          id={emailId}
          type="email"
          name="email"
          required
          autoComplete="email"
          defaultValue={typedEmail}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? emailErrorId : undefined}
        />
        {emailError && (
          <p id={emailErrorId} className="text-red-300 text-sm">
            {emailError}
          </p>
        )}
      </div>
      {formError && (
        <p role="alert" className="rounded-md border border-red-400/40 bg-red-950/40 px-3 py-2 text-red-200 text-sm">
          {formError}
        </p>
      )}
      <Button type="submit" disabled={sending}>
        {sending ? "Sending..." : "Email Me a Sign-In Link"}
      </Button>
    </form>
  );
}
