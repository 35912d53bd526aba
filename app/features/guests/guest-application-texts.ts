import type { FormFlash } from "~/lib/form-flash";

// The guest application's limits, texts and answers, apart from its schema (schema.ts): the form's page then loads
// the schema, and zod with it, only when the form is first sent in the page.

/** The social profiles the form asks for; socialLinks keys are these names. */
export const SOCIAL_LINK_NAMES = ["linkedin", "twitter", "website", "other"] as const;

export type SocialLinkName = (typeof SOCIAL_LINK_NAMES)[number];

/** Spec section 9: the biography's minimum. The other bounds are ours; the spec leaves stored lengths open. */
export const BIOGRAPHY_MIN_LENGTH = 50;

export const GUEST_APPLICATION_LIMITS = {
  name: 100,
  email: 254,
  company: 200,
  jobTitle: 200,
  expertise: 200,
  topicIdea: 1000,
  biography: 5000,
  pastAppearances: 2000,
  notes: 2000,
  url: 500,
} as const;

export type GuestApplicationResponse = { success: true; message: string; data: { id: number } };

export const APPLICATION_RECEIVED_MESSAGE = "Your guest application has been received. We'll be in touch soon!";

export const APPLICATION_SUBMITTED_TITLE = "Application Submitted";
export const SUBMISSION_FAILED_TITLE = "Submission Failed";

type GuestTextField =
  | "name"
  | "email"
  | "company"
  | "jobTitle"
  | "expertise"
  | "topicIdea"
  | "biography"
  | "pastAppearances"
  | "notes";

/** What the visitor typed, as it is put back into the form when the server refuses it. */
export type GuestApplicationFormValues = Record<GuestTextField, string> & {
  socialLinks: Record<SocialLinkName, string>;
};

/** Each field's first message, keyed like the API's `errors` map: "name", "socialLinks.linkedin", ... */
export type GuestApplicationFieldErrors = Record<string, string>;

/** The server's answer to the form posted as a page: the toast, the field errors and what was typed on refusal. */
export type GuestApplicationFormResult =
  | { submitted: true; flash: FormFlash }
  | {
      submitted: false;
      flash?: FormFlash;
      errors: GuestApplicationFieldErrors;
      values: GuestApplicationFormValues;
    };
