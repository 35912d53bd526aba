import { type FormEvent, useId, useState } from "react";
import { FormFlashMessage } from "~/components/form-flash";
import { HoneypotField } from "~/components/honeypot-field";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import { clearForm } from "~/lib/form-entries";
import { honeypotPayload } from "~/lib/honeypot";
import { LAUNCH_LIST_TOAST_TITLES as TITLES } from "../launch-list-toasts";
import type { LaunchListFormResult, SubscribeResponse } from "../schema";

// The home page's first load leaves out the email check (and zod with it): it is fetched when the field gets focus,
// and awaited on submit.
const loadChecks = () => import("../launch-list-checks");

/**
 * The field is uncontrolled and read on submit, so that an address typed before the scripts ran survives hydration.
 * With scripts, the form checks and sends in the page; before or without them, it posts to the home page's action,
 * whose `answer` (the toast, and on refusal the address typed) is shown here. `label` names the form where it stands
 * in for the newsletter's (the footer and /briefing of a site without a newsletter publication).
 */
export function LaunchListForm({ answer, label = "Launch list" }: { answer?: LaunchListFormResult; label?: string }) {
  const emailId = useId();
  const [answerShown, setAnswerShown] = useState(true);
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAnswerShown(false);
    const form = event.currentTarget;
    const honeypot = honeypotPayload(form);
    const email = new FormData(form).get("email");
    const { INVALID_EMAIL_MESSAGE, SUBSCRIBED_MESSAGE, SubscriberEmailSchema } = await loadChecks();
    const checked = SubscriberEmailSchema.safeParse(email);
    if (!checked.success) {
      toast({ title: TITLES.invalid, description: INVALID_EMAIL_MESSAGE, variant: "destructive" });
      return;
    }
    setSubmitting(true);
    try {
      const reply = await sendJson<SubscribeResponse>("POST", "/api/subscribe", { email: checked.data, ...honeypot });
      if (reply.ok && reply.body?.success) {
        toast({ title: TITLES.subscribed, description: SUBSCRIBED_MESSAGE });
        clearForm(form);
      } else {
        toast({
          title: TITLES.failed,
          description: reply.body?.message || "Something went wrong. Please try again.",
          variant: "destructive",
        });
      }
    } catch {
      toast({
        title: TITLES.failed,
        description: "An error occurred. Please try again later.",
        variant: "destructive",
      });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      method="post"
      action="/?index"
      onSubmit={handleSubmit}
      // The button wraps under the field where the two do not fit side by side (the footer's narrow column at lg).
      className="flex w-full max-w-md flex-col gap-3 sm:flex-row sm:flex-wrap"
      aria-label={label}
    >
      {answer && answerShown && <FormFlashMessage flash={answer.flash} />}
      <label htmlFor={emailId} className="sr-only">
        Email address
      </label>
      <HoneypotField />
      <input
        id={emailId}
        type="email"
        name="email"
        required
        autoComplete="email"
        placeholder="Enter your email"
        defaultValue={answer && !answer.subscribed ? answer.email : ""}
        onFocus={() => void loadChecks()}
        className="h-11 min-w-0 flex-1 rounded-md sm:basis-48 border border-input bg-background px-3 text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      <Button type="submit" disabled={submitting} className="h-11 shrink-0 px-5">
        {submitting ? "Subscribing..." : "Notify Me"}
      </Button>
    </form>
  );
}
