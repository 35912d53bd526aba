import { type FormEvent, useId, useRef, useState } from "react";
import { HoneypotField } from "~/components/honeypot-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import { honeypotPayload } from "~/lib/honeypot";
import {
  CONTACT_LIMITS,
  CONTACT_REPLY_PROMISE,
  CONTACT_SUBJECT_LABELS,
  CONTACT_SUBJECTS,
  ContactMessageSchema,
  type ContactResponse,
} from "../schema";

type Field = "name" | "email" | "subject" | "message";

const EMPTY_FORM: Record<Field, string> = { name: "", email: "", subject: "", message: "" };

/** Spec section 5, "Public contact form": the toast for the first field that fails, checked in this order. */
const FIELD_TOASTS: Record<Field, { title: string; description: string }> = {
  name: { title: "Name required", description: "Please enter your name." },
  email: { title: "Valid email required", description: "Please enter a valid email address." },
  subject: { title: "Subject required", description: "Please select a subject." },
  message: { title: "Message required", description: "Please enter your message." },
};

export function ContactForm() {
  const id = useId();
  const [values, setValues] = useState(EMPTY_FORM);
  const [invalidField, setInvalidField] = useState<Field | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const update = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (invalidField === field) setInvalidField(null);
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const honeypot = honeypotPayload(event.currentTarget);
    const checked = ContactMessageSchema.safeParse(values);
    if (!checked.success) {
      const field = checked.error.issues[0].path[0] as Field;
      setInvalidField(field);
      formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
      toast({ ...FIELD_TOASTS[field], variant: "destructive" });
      return;
    }
    setSending(true);
    try {
      const reply = await sendJson<ContactResponse | { message?: string }>("POST", "/api/contact", {
        ...checked.data,
        ...honeypot,
      });
      if (reply.status === 429) {
        const description = reply.body?.message ?? "Please try again later.";
        toast({ title: "Failed to send message", description, variant: "destructive" });
        return;
      }
      if (!reply.ok) throw new Error(`POST /api/contact answered ${reply.status}`);
      toast({ title: "Message sent!", description: CONTACT_REPLY_PROMISE });
      setValues(EMPTY_FORM);
    } catch (error) {
      console.error(error);
      toast({ title: "Failed to send message", description: "Please try again later.", variant: "destructive" });
    } finally {
      setSending(false);
    }
  }

  const fieldId = (field: Field) => `${id}-${field}`;
  const invalid = (field: Field) => (invalidField === field ? true : undefined);

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate aria-label="Contact" className="grid gap-5">
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
            value={values.name}
            onChange={update("name")}
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
            value={values.email}
            onChange={update("email")}
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
          value={values.subject}
          onChange={update("subject")}
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
          value={values.message}
          onChange={update("message")}
          aria-invalid={invalid("message")}
        />
      </div>
      <Button type="submit" disabled={sending} className="justify-self-start px-6">
        {sending ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
