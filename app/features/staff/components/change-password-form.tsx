import { ChangePasswordSchema, STAFF_PASSWORD_MIN_LENGTH } from "../schema";
import { type OwnAccountField, OwnAccountForm } from "./own-account-form";

const FIELDS: readonly OwnAccountField[] = [
  { name: "currentPassword", label: "Current Password", type: "password", autoComplete: "current-password" },
  {
    name: "newPassword",
    label: "New Password",
    type: "password",
    autoComplete: "new-password",
    minLength: STAFF_PASSWORD_MIN_LENGTH,
    hint: `At least ${STAFF_PASSWORD_MIN_LENGTH} characters.`,
  },
  { name: "confirmPassword", label: "Confirm Password", type: "password", autoComplete: "new-password" },
];

/** The signed-in person's own password: the current one, then the new one twice; it signs out the other sessions. */
export function ChangePasswordForm() {
  return (
    <OwnAccountForm
      action="Change Password"
      thing="Password"
      intro="Changing your password signs you out everywhere but here."
      fields={FIELDS}
      schema={ChangePasswordSchema}
      path="/api/admin/account/password"
    />
  );
}
