import { type FormEvent, useId, useState } from "react";
import { HoneypotField } from "~/components/honeypot-field";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import { honeypotPayload } from "~/lib/honeypot";
import type { SubscribeResponse } from "../schema";

// The home page's first load leaves out the email check (and zod with it): it is fetched when the field gets focus,
// and awaited on submit.
const loadChecks = () => import("../launch-list-checks");

export function LaunchListForm() {
  const emailId = useId();
  const [email, setEmail] = useState("");
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const honeypot = honeypotPayload(event.currentTarget);
    const { INVALID_EMAIL_MESSAGE, SUBSCRIBED_MESSAGE, SubscriberEmailSchema } = await loadChecks();
    const checked = SubscriberEmailSchema.safeParse(email);
    if (!checked.success) {
      toast({ title: "Invalid Email", description: INVALID_EMAIL_MESSAGE, variant: "destructive" });
      return;
    }
    setSubmitting(true);
    try {
      const reply = await sendJson<SubscribeResponse>("POST", "/api/subscribe", { email: checked.data, ...honeypot });
      if (reply.ok && reply.body?.success) {
        toast({ title: "Subscription Successful", description: SUBSCRIBED_MESSAGE });
        setEmail("");
      } else {
        toast({
          title: "Subscription Failed",
          description: reply.body?.message || "Something went wrong. Please try again.",
          variant: "destructive",
        });
      }
    } catch {
      toast({
        title: "Subscription Failed",
        description: "An error occurred. Please try again later.",
        variant: "destructive",
      });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} className="flex w-full max-w-md flex-col gap-3 sm:flex-row" aria-label="Launch list">
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
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        onFocus={() => void loadChecks()}
        className="h-11 flex-1 rounded-md border border-input bg-background px-3 text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      <Button type="submit" disabled={submitting} className="h-11 px-5">
        {submitting ? "Subscribing..." : "Notify Me"}
      </Button>
    </form>
  );
}
