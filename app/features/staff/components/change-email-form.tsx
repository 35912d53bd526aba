import { ChangeEmailSchema } from "../schema";
import { type OwnAccountField, OwnAccountForm } from "./own-account-form";

const FIELDS: readonly OwnAccountField[] = [
  { name: "email", label: "New Email", type: "email", autoComplete: "email" },
  { name: "currentPassword", label: "Current Password", type: "password", autoComplete: "current-password" },
];

/** The signed-in person's own email, the one they sign in with, confirmed by their current password. */
export function ChangeEmailForm({ email }: { email: string }) {
  return (
    <OwnAccountForm
      action="Change Email"
      thing="Email"
      intro={`You sign in with ${email}. A new email is the one you sign in with next.`}
      fields={FIELDS}
      schema={ChangeEmailSchema}
      path="/api/admin/account/email"
    />
  );
}
