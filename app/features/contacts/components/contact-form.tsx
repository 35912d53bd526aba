import { type FormEvent, useId, useRef, useState } from "react";
import { FormFlashMessage } from "~/components/form-flash";
import { HoneypotField } from "~/components/honeypot-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import { clearForm, formFields } from "~/lib/form-entries";
import { honeypotPayload } from "~/lib/honeypot";
import {
  CONTACT_FAILED_TITLE,
  CONTACT_FIELD_TOASTS,
  CONTACT_LIMITS,
  CONTACT_REPLY_PROMISE,
  CONTACT_SENT_TITLE,
  CONTACT_SUBJECT_LABELS,
  CONTACT_SUBJECTS,
  type ContactFormResult,
  type ContactFormValues,
  type ContactResponse,
  type ContactField as Field,
} from "../contact-texts";

// The schema (and zod) arrive when the form is first sent, keeping them out of the page's first load.
const loadContactMessageSchema = () => import("../schema").then((module) => module.ContactMessageSchema);

const EMPTY_FORM: ContactFormValues = { name: "", email: "", subject: "", message: "" };

/**
 * The fields are uncontrolled and read on submit, so that what a visitor typed before the scripts ran survives
 * hydration. With scripts, the form checks and sends in the page; before or without them, it posts to the page's
 * action, whose `answer` (the toast, and on refusal what was typed) is shown here.
 */
export function ContactForm({ answer }: { answer?: ContactFormResult }) {
  const id = useId();
  const refused = answer && !answer.sent ? answer : undefined;
  const [invalidField, setInvalidField] = useState<Field | null>(refused?.invalidField ?? null);
  const [answerShown, setAnswerShown] = useState(true);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const defaults = refused?.values ?? EMPTY_FORM;

  const clearInvalid = (field: Field) => () => {
    if (invalidField === field) setInvalidField(null);
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAnswerShown(false);
    const form = event.currentTarget;
    const honeypot = honeypotPayload(form);
    const typed = formFields(new FormData(form));
    const checked = (await loadContactMessageSchema()).safeParse(typed);
    if (!checked.success) {
      const field = checked.error.issues[0].path[0] as Field;
      setInvalidField(field);
      formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
      toast({ ...CONTACT_FIELD_TOASTS[field], variant: "destructive" });
      return;
    }
    const { homepage: _typedHoneypot, ...message } = checked.data;
    setSending(true);
    try {
      const reply = await sendJson<ContactResponse | { message?: string }>("POST", "/api/contact", {
        ...message,
        ...honeypot,
      });
      if (reply.status === 429) {
        const description = reply.body?.message ?? "Please try again later.";
        toast({ title: CONTACT_FAILED_TITLE, description, variant: "destructive" });
        return;
      }
      if (!reply.ok) throw new Error(`POST /api/contact answered ${reply.status}`);
      toast({ title: CONTACT_SENT_TITLE, description: CONTACT_REPLY_PROMISE });
      clearForm(form);
    } catch (error) {
      console.error(error);
      toast({ title: CONTACT_FAILED_TITLE, description: "Please try again later.", variant: "destructive" });
    } finally {
      setSending(false);
    }
  }

  const fieldId = (field: Field) => `${id}-${field}`;
  const invalid = (field: Field) => (invalidField === field ? true : undefined);

  return (
    <form
      ref={formRef}
      method="post"
      action="/contact"
      onSubmit={handleSubmit}
      noValidate
      aria-label="Contact"
      className="grid gap-5"
    >
      {answer && answerShown && <FormFlashMessage flash={answer.flash} />}
      <HoneypotField />
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={fieldId("name")}>Name</Label>
          <Input
            id={fieldId("name")}
            name="name"
            autoComplete="name"
            required
            maxLength={CONTACT_LIMITS.name}
            placeholder="Your name"
            defaultValue={defaults.name}
            onChange={clearInvalid("name")}
            aria-invalid={invalid("name")}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={fieldId("email")}>Email</Label>
          <Input
            id={fieldId("email")}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={CONTACT_LIMITS.email}
            placeholder="you@example.com"
            defaultValue={defaults.email}
            onChange={clearInvalid("email")}
            aria-invalid={invalid("email")}
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={fieldId("subject")}>Subject</Label>
        <select
          id={fieldId("subject")}
          name="subject"
          required
          defaultValue={defaults.subject}
          onChange={clearInvalid("subject")}
          aria-invalid={invalid("subject")}
          className="h-10 w-full rounded-md border border-input bg-background px-3 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive md:text-sm"
        >
          <option value="">Select a subject</option>
          {CONTACT_SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {CONTACT_SUBJECT_LABELS[subject]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={fieldId("message")}>Message</Label>
        <Textarea
          id={fieldId("message")}
          name="message"
          rows={5}
          required
          maxLength={CONTACT_LIMITS.message}
          placeholder="Tell us your story, your pitch or your question"
          defaultValue={defaults.message}
          onChange={clearInvalid("message")}
          aria-invalid={invalid("message")}
        />
      </div>
      <Button type="submit" disabled={sending} className="justify-self-start px-6">
        {sending ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
