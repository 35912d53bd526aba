/**
 * The sign-up modal's element id: the header's Sign In buttons open it by this id (`commandfor`) without scripts, and
 * components cannot import the subscribers feature that renders it.
 */
export const SIGN_UP_DIALOG_ID = "sign-up";

/** Opens the sign-up modal from a script; the previously focused element gets focus back when it closes. */
export function openSignUpDialog() {
  const dialog = document.getElementById(SIGN_UP_DIALOG_ID);
  if (dialog instanceof HTMLDialogElement && !dialog.open) dialog.showModal();
}
