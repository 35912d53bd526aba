import { type FormEvent, useId, useState } from "react";
import { HoneypotField } from "~/components/honeypot-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import {
  findModalDialog,
  ModalDialog,
  ModalDialogDescription,
  ModalDialogHeader,
  ModalDialogTitle,
  modalDialogCommand,
} from "~/components/ui/modal-dialog";
import { useRootData } from "~/hooks/use-root-data";
import { SIGN_UP_DIALOG_ID } from "~/lib/sign-up-dialog";
import type { MemberSignUpFields as MemberSignUpValues } from "../schema";

/** Where the sign-up form posts without scripts (routes/public/sign-up.tsx). */
export const MEMBER_SIGN_UP_PATH = "/sign-up";

const THANKS_DIALOG_ID = "sign-up-thanks";

type Field = keyof MemberSignUpValues;

const FIELDS: { name: Field; label: string; type: "text" | "email"; autoComplete: string }[] = [
  { name: "firstName", label: "First Name", type: "text", autoComplete: "given-name" },
  { name: "lastName", label: "Last Name", type: "text", autoComplete: "family-name" },
  { name: "email", label: "Email Address", type: "email", autoComplete: "email" },
];

function MemberSignUpTitle({ id }: { id: string }) {
  const { showName } = useRootData().settings;
  return (
    <ModalDialogTitle id={id} className="leading-snug">
      Stay informed <span className="block text-primary">{showName}</span>
    </ModalDialogTitle>
  );
}

export const SIGN_UP_DESCRIPTION = "Sign up to get notified about new episodes and exclusive updates";
export const THANKS_TITLE = "Thank You!";
export const THANKS_DESCRIPTION =
  "You're signed up for news about new episodes and exclusive updates. Next, sign in to your member account.";

/**
 * The sign-up form's honeypot and three fields, uncontrolled, with `values` kept from a refused post. The spec's
 * checks answer with alerts, so the browser's own validation bubbles are turned off (`noValidate` on the form) while
 * the fields stay marked required. The first field takes focus when the modal opens.
 */
export function MemberSignUpFields({ values }: { values?: MemberSignUpValues }) {
  const idPrefix = useId();
  return (
    <>
      <HoneypotField />
      {FIELDS.map(({ name, label, type, autoComplete }, index) => (
        <div key={name} className="flex flex-col gap-2">
          <Label htmlFor={`${idPrefix}-${name}`}>{label}</Label>
          <Input
            id={`${idPrefix}-${name}`}
            name={name}
            type={type}
            required
            autoComplete={autoComplete}
            // The platform's dialog gives focus to this field when it opens, rather than to its first focusable one.
            autoFocus={index === 0}
            defaultValue={values?.[name] ?? ""}
          />
        </div>
      ))}
    </>
  );
}

/**
 * Spec sections 2, 4, 5 and 8: the sign-up modal opened by Sign In. It is the platform's dialog, in every page a
 * visitor without a session gets, so Sign In opens it (`commandfor`) before and without scripts, and its form then
 * posts to the sign-up page. With scripts the form is sent in the page: it subscribes the visitor, thanks them, and
 * once they select OK (or close the thanks) hands over to sign-in (`onSignIn`).
 */
export function MemberSignUpModal({ onSignIn }: { onSignIn: () => void }) {
  const titleId = useId();
  const thanksTitleId = useId();
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const { requestMemberSignUp } = await import("../member-sign-up-request");
    const reply = await requestMemberSignUp(form, () => setSubmitting(true));
    setSubmitting(false);
    if (!reply.ok) {
      window.alert(reply.message);
      return;
    }
    findModalDialog(SIGN_UP_DIALOG_ID)?.close();
    findModalDialog(THANKS_DIALOG_ID)?.showModal();
  }

  return (
    <>
      <ModalDialog id={SIGN_UP_DIALOG_ID} aria-labelledby={titleId} aria-describedby={`${titleId}-description`}>
        <ModalDialogHeader>
          <MemberSignUpTitle id={titleId} />
          <ModalDialogDescription id={`${titleId}-description`}>{SIGN_UP_DESCRIPTION}</ModalDialogDescription>
        </ModalDialogHeader>
        <form
          method="post"
          action={MEMBER_SIGN_UP_PATH}
          onSubmit={handleSubmit}
          noValidate
          className="flex flex-col gap-4"
        >
          <MemberSignUpFields />
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="ghost"
              className="border border-border"
              {...modalDialogCommand(SIGN_UP_DIALOG_ID, "close")}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={submitting}>
              {submitting ? "Signing Up..." : "Sign Up"}
            </Button>
          </div>
        </form>
      </ModalDialog>
      <ModalDialog
        id={THANKS_DIALOG_ID}
        showCloseButton={false}
        aria-labelledby={thanksTitleId}
        aria-describedby={`${thanksTitleId}-description`}
        className="text-center sm:max-w-sm"
        onClose={onSignIn}
      >
        <ModalDialogHeader className="text-center">
          <ModalDialogTitle id={thanksTitleId} className="pr-0">
            {THANKS_TITLE}
          </ModalDialogTitle>
          <ModalDialogDescription id={`${thanksTitleId}-description`}>{THANKS_DESCRIPTION}</ModalDialogDescription>
        </ModalDialogHeader>
        <div className="flex justify-center">
          <Button {...modalDialogCommand(THANKS_DIALOG_ID, "close")}>OK</Button>
        </div>
      </ModalDialog>
    </>
  );
}
