import "~/lib/zod-without-eval";
import { z } from "zod";
import { honeypotSchema } from "~/lib/honeypot-schema";

export const INVALID_SIGN_IN_EMAIL_MESSAGE = "Please enter a valid email address.";

/** RFC 5321 caps an address at 254 characters. */
const EMAIL_MAX_LENGTH = 254;

/** The sign-in page's one field; the server parses the same schema. */
export const EmailSignInSchema = z.object({
  email: z
    .string({ error: INVALID_SIGN_IN_EMAIL_MESSAGE })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX_LENGTH, { error: INVALID_SIGN_IN_EMAIL_MESSAGE })
    .pipe(z.email({ error: INVALID_SIGN_IN_EMAIL_MESSAGE })),
  returnTo: z.string().max(2000).optional(),
  ...honeypotSchema,
});

export type EmailSignInInput = z.infer<typeof EmailSignInSchema>;

/** How long an emailed sign-in link works. */
export const SIGN_IN_LINK_LIFETIME_MINUTES = 15;

/** The same answer for every address, known or not, so that the form reveals nobody's account. */
export const SIGN_IN_LINK_SENT_MESSAGE = `If that address can receive email, a sign-in link is on its way. It works once and expires in ${SIGN_IN_LINK_LIFETIME_MINUTES} minutes.`;

export const SIGN_IN_MAIL_FAILED_MESSAGE = "We could not send the email just now. Please try again in a few minutes.";

/** The server's answer to the sign-in form posted as a page: the sent notice, or the refusal and the address typed. */
export type EmailSignInFormResult =
  | { sent: true; message: string }
  | { sent: false; email: string; emailError?: string; formError?: string };

export type EmailSignInResponse = { success: boolean; message: string; errors?: Record<string, string[]> };
