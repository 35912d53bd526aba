import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import { FormFlashMessage } from "~/components/form-flash";
import { HoneypotField } from "~/components/honeypot-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import { formFields } from "~/lib/form-entries";
import { honeypotPayload } from "~/lib/honeypot";
import {
  APPLICATION_RECEIVED_MESSAGE,
  APPLICATION_SUBMITTED_TITLE,
  BIOGRAPHY_MIN_LENGTH,
  type GuestApplicationFieldErrors,
  type GuestApplicationFormResult,
  type GuestApplicationFormValues,
  type GuestApplicationResponse,
  GUEST_APPLICATION_LIMITS as LIMITS,
  SOCIAL_LINK_NAMES,
  type SocialLinkName,
  SUBMISSION_FAILED_TITLE,
} from "../guest-application-texts";

// The schema (and zod) arrive when the form is first sent, keeping them out of the page's first load.
const loadGuestApplicationSchema = () => import("../schema").then((module) => module.GuestApplicationSchema);

const EMPTY_FORM: GuestApplicationFormValues = {
  name: "",
  email: "",
  company: "",
  jobTitle: "",
  expertise: "",
  topicIdea: "",
  biography: "",
  socialLinks: { linkedin: "", twitter: "", website: "", other: "" },
  pastAppearances: "",
  notes: "",
};

type FieldErrors = GuestApplicationFieldErrors;

const SOCIAL_LINK_LABELS: Record<SocialLinkName, string> = {
  linkedin: "LinkedIn",
  twitter: "Twitter",
  website: "Website",
  other: "Other",
};

const SUBMIT_FALLBACK_MESSAGE = "An error occurred while submitting your application. Please try again.";

function firstMessages(errors: Record<string, string[] | undefined>): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).flatMap(([field, messages]) => (messages?.[0] ? [[field, messages[0]]] : [])),
  );
}

/**
 * The fields are uncontrolled and read on submit, so that what a visitor typed before the scripts ran survives
 * hydration. With scripts, the form checks and sends in the page; before or without them, it posts to the page's
 * action, whose refusal (`refused`: the errors, the toast, what was typed) is shown here.
 */
export function GuestApplicationForm({
  onSubmitted,
  refused,
}: {
  onSubmitted: () => void;
  refused?: Extract<GuestApplicationFormResult, { submitted: false }>;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const defaults = refused?.values ?? EMPTY_FORM;
  const [errors, setErrors] = useState<FieldErrors>(refused?.errors ?? {});
  const [flashShown, setFlashShown] = useState(true);
  const [submitting, setSubmitting] = useState(false);

  function showErrors(fieldErrors: FieldErrors) {
    setErrors(fieldErrors);
    // After the error texts render, so that a screen reader reads the field with its message. The first invalid
    // field on the page, which is not always the schema's first.
    requestAnimationFrame(() => {
      const fields = formRef.current?.querySelectorAll<HTMLElement>("[data-field]") ?? [];
      [...fields].find((element) => element.dataset.field && element.dataset.field in fieldErrors)?.focus();
    });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFlashShown(false);
    const honeypot = honeypotPayload(event.currentTarget);
    const { homepage: _typedHoneypot, ...typed } = formFields(new FormData(event.currentTarget));
    const checked = (await loadGuestApplicationSchema()).safeParse(typed);
    if (!checked.success) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path.join(".");
        fieldErrors[field] = [...(fieldErrors[field] ?? []), issue.message];
      }
      showErrors(firstMessages(fieldErrors));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const reply = await sendJson<GuestApplicationResponse | { message?: string; errors?: Record<string, string[]> }>(
        "POST",
        "/api/guests/apply",
        { ...checked.data, ...honeypot },
      );
      if (reply.ok) {
        toast({ title: APPLICATION_SUBMITTED_TITLE, description: APPLICATION_RECEIVED_MESSAGE });
        onSubmitted();
        return;
      }
      const body = reply.body && "errors" in reply.body ? reply.body : null;
      if (body?.errors) showErrors(firstMessages(body.errors));
      toast({
        title: SUBMISSION_FAILED_TITLE,
        description: reply.body?.message || SUBMIT_FALLBACK_MESSAGE,
        variant: "destructive",
      });
    } catch (error) {
      console.error(error);
      toast({ title: SUBMISSION_FAILED_TITLE, description: SUBMIT_FALLBACK_MESSAGE, variant: "destructive" });
    } finally {
      setSubmitting(false);
    }
  }

  /** Props that tie an input to its label, its error message and its entry in the errors map. */
  const control = (field: string, required = false) => {
    const error = errors[field];
    return {
      id: `${id}-${field}`,
      name: field,
      "data-field": field,
      required,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${id}-${field}-error` : undefined,
    };
  };

  const field = (name: string, label: string, input: ReactNode, hint?: string) => (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      {input}
      {hint && !errors[name] && <p className="text-muted-foreground text-xs">{hint}</p>}
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="text-red-300 text-sm">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form
      ref={formRef}
      method="post"
      action="/guest-application"
      onSubmit={handleSubmit}
      noValidate
      aria-label="Guest application"
      className="grid gap-10"
    >
      {refused?.flash && flashShown && <FormFlashMessage flash={refused.flash} />}
      <HoneypotField />
      <fieldset className="grid gap-5">
        <legend className="mb-5 font-semibold text-xl">Personal Information</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          {field(
            "name",
            "Full Name",
            <Input
              {...control("name", true)}
              autoComplete="name"
              maxLength={LIMITS.name}
              defaultValue={defaults.name}
            />,
          )}
          {field(
            "email",
            "Email Address",
            <Input
              {...control("email", true)}
              type="email"
              autoComplete="email"
              maxLength={LIMITS.email}
              defaultValue={defaults.email}
            />,
          )}
          {field(
            "company",
            "Company/Organization (optional)",
            <Input
              {...control("company")}
              autoComplete="organization"
              maxLength={LIMITS.company}
              defaultValue={defaults.company}
            />,
          )}
          {field(
            "jobTitle",
            "Job Title (optional)",
            <Input
              {...control("jobTitle")}
              autoComplete="organization-title"
              maxLength={LIMITS.jobTitle}
              defaultValue={defaults.jobTitle}
            />,
          )}
        </div>
      </fieldset>

      <fieldset className="grid gap-5">
        <legend className="mb-2 font-semibold text-xl">Social Media</legend>
        <p className="text-muted-foreground text-sm">Optional: links that help us get to know you (http or https).</p>
        <div className="grid gap-5 sm:grid-cols-2">
          {SOCIAL_LINK_NAMES.map((name) => (
            <div key={name}>
              {field(
                `socialLinks.${name}`,
                SOCIAL_LINK_LABELS[name],
                <Input
                  {...control(`socialLinks.${name}`)}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  maxLength={LIMITS.url}
                  defaultValue={defaults.socialLinks[name]}
                />,
              )}
            </div>
          ))}
        </div>
        {errors.socialLinks && (
          <p className="text-red-300 text-sm" role="alert">
            {errors.socialLinks}
          </p>
        )}
      </fieldset>

      <fieldset className="grid gap-5">
        <legend className="mb-5 font-semibold text-xl">Expertise and Topic</legend>
        {field(
          "expertise",
          "Area of Expertise",
          <Input
            {...control("expertise", true)}
            maxLength={LIMITS.expertise}
            placeholder="e.g. supply chains, AI in retail, fundraising"
            defaultValue={defaults.expertise}
          />,
        )}
        {field(
          "topicIdea",
          "Proposed Topic or Conversation",
          <Textarea
            {...control("topicIdea", true)}
            rows={3}
            maxLength={LIMITS.topicIdea}
            defaultValue={defaults.topicIdea}
          />,
        )}
        {field(
          "biography",
          "Brief Biography",
          <Textarea
            {...control("biography", true)}
            rows={5}
            maxLength={LIMITS.biography}
            defaultValue={defaults.biography}
          />,
          `At least ${BIOGRAPHY_MIN_LENGTH} characters.`,
        )}
        {field(
          "pastAppearances",
          "Past Podcast/Speaking Appearances (optional)",
          <Textarea
            {...control("pastAppearances")}
            rows={3}
            maxLength={LIMITS.pastAppearances}
            defaultValue={defaults.pastAppearances}
          />,
        )}
        {field(
          "notes",
          "Additional Notes (optional)",
          <Textarea {...control("notes")} rows={3} maxLength={LIMITS.notes} defaultValue={defaults.notes} />,
        )}
      </fieldset>

      <Button type="submit" disabled={submitting} className="justify-self-start px-6">
        {submitting ? "Submitting..." : "Submit Application"}
      </Button>
    </form>
  );
}
