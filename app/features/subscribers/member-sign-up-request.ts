import { sendJson } from "~/lib/api-client";
import { formFields } from "~/lib/form-entries";
import { honeypotPayload } from "~/lib/honeypot";
import { MemberSignUpSchema, SIGN_UP_FAILED_MESSAGE } from "./schema";

export type MemberSignUpRefusal = { ok: false; message: string };

/**
 * The sign-up modal's form in the page: its checks, then POST /api/subscribe. Loaded when the form is first sent, so
 * that the schema and its validator stay out of every page's first load. `onSending` runs once the checks pass.
 */
export async function requestMemberSignUp(
  form: HTMLFormElement,
  onSending: () => void,
): Promise<{ ok: true } | MemberSignUpRefusal> {
  const honeypot = honeypotPayload(form);
  // Uncontrolled fields, read on submit, like every form of the site.
  const checked = MemberSignUpSchema.safeParse(formFields(new FormData(form)));
  if (!checked.success) return { ok: false, message: checked.error.issues[0].message };
  onSending();
  try {
    const reply = await sendJson<{ message?: string }>("POST", "/api/subscribe", { ...checked.data, ...honeypot });
    if (reply.ok) return { ok: true };
    return { ok: false, message: (reply.status === 429 && reply.body?.message) || SIGN_UP_FAILED_MESSAGE };
  } catch {
    return { ok: false, message: SIGN_UP_FAILED_MESSAGE };
  }
}
