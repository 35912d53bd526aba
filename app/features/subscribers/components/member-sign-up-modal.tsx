import { type FormEvent, useId, useRef, useState } from "react";
import { HoneypotField } from "~/components/honeypot-field";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { sendJson } from "~/lib/api-client";
import { formFields } from "~/lib/form-fields";
import { honeypotPayload } from "~/lib/honeypot";
import { siteConfig } from "~/lib/site-config";
import { MemberSignUpSchema } from "../schema";

export const SIGN_UP_FAILED_MESSAGE = "Error signing up. Please try again.";

type Field = "firstName" | "lastName" | "email";

const FIELDS: { name: Field; label: string; type: "text" | "email"; autoComplete: string }[] = [
  { name: "firstName", label: "First Name", type: "text", autoComplete: "given-name" },
  { name: "lastName", label: "Last Name", type: "text", autoComplete: "family-name" },
  { name: "email", label: "Email Address", type: "email", autoComplete: "email" },
];

/**
 * Spec sections 2, 4, 5 and 8: the sign-up modal opened by Sign In. It subscribes the visitor, thanks them, and once
 * they select OK hands over to sign-in (`onSignIn`). The spec's checks answer with alerts, so the browser's own
 * validation bubbles are turned off (`noValidate`) while the fields stay marked required.
 */
export function MemberSignUpModal({
  open,
  onOpenChange,
  onSignIn,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSignIn: () => void;
}) {
  const idPrefix = useId();
  const [submitting, setSubmitting] = useState(false);
  const [thanked, setThanked] = useState(false);
  // Opened without a Dialog trigger, Radix has nowhere to return focus on closing: it goes back to what opened it.
  const openedFrom = useRef<HTMLElement | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const honeypot = honeypotPayload(event.currentTarget);
    // Uncontrolled fields, read on submit, like every form of the site.
    const checked = MemberSignUpSchema.safeParse(formFields(new FormData(event.currentTarget)));
    if (!checked.success) {
      window.alert(checked.error.issues[0].message);
      return;
    }
    setSubmitting(true);
    try {
      const reply = await sendJson<{ message?: string }>("POST", "/api/subscribe", { ...checked.data, ...honeypot });
      if (!reply.ok) {
        window.alert((reply.status === 429 && reply.body?.message) || SIGN_UP_FAILED_MESSAGE);
        return;
      }
      onOpenChange(false);
      setThanked(true);
    } catch {
      window.alert(SIGN_UP_FAILED_MESSAGE);
    } finally {
      setSubmitting(false);
    }
  }

  function finish() {
    setThanked(false);
    onSignIn();
  }

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent
          onOpenAutoFocus={() => {
            openedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            openedFrom.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle className="leading-snug">
              Stay informed <span className="block text-primary">{siteConfig.showName}</span>
            </DialogTitle>
            <DialogDescription>Sign up to get notified about new episodes and exclusive updates</DialogDescription>
          </DialogHeader>
          <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
            <HoneypotField />
            {FIELDS.map(({ name, label, type, autoComplete }) => (
              <div key={name} className="flex flex-col gap-2">
                <Label htmlFor={`${idPrefix}-${name}`}>{label}</Label>
                <Input
                  id={`${idPrefix}-${name}`}
                  name={name}
                  type={type}
                  required
                  autoComplete={autoComplete}
                  defaultValue=""
                />
              </div>
            ))}
            <DialogFooter className="mt-2">
              <DialogClose asChild>
                <Button type="button" variant="ghost" className="border border-border">
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" disabled={submitting}>
                {submitting ? "Signing Up..." : "Sign Up"}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      <Dialog open={thanked} onOpenChange={(stillOpen) => !stillOpen && finish()}>
        <DialogContent showCloseButton={false} className="text-center sm:max-w-sm">
          <DialogHeader className="text-center">
            <DialogTitle>Thank You!</DialogTitle>
            <DialogDescription>
              You're signed up for news about new episodes and exclusive updates. Next, sign in to your member account.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter className="sm:justify-center">
            <Button type="button" onClick={finish}>
              OK
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
