import { Button } from "~/components/ui/button";
import { useRootData } from "~/hooks/use-root-data";
import type { MemberSignUpFormResult } from "../schema";
import {
  MEMBER_SIGN_UP_PATH,
  MemberSignUpFields,
  SIGN_UP_DESCRIPTION,
  THANKS_DESCRIPTION,
  THANKS_TITLE,
} from "./member-sign-up-modal";

/** After the thanks, sign-in starts on the server (email link or OpenID provider). */
const SIGN_IN_START_PATH = "/api/login";

/**
 * The sign-up modal's form as a page: what the server answers when the modal's form is posted without scripts (the
 * refusal with what was typed, or the thanks with OK leading to sign-in), and the modal's address for a browser that
 * cannot open it in place.
 */
export function MemberSignUpPage({ answer }: { answer?: MemberSignUpFormResult }) {
  const { showName } = useRootData().settings;
  if (answer?.signedUp) {
    return (
      <section aria-labelledby="sign-up-thanks-heading" className="space-y-4 text-center">
        <h1 id="sign-up-thanks-heading" className="font-bold text-3xl tracking-tight">
          {THANKS_TITLE}
        </h1>
        <p className="text-muted-foreground">{THANKS_DESCRIPTION}</p>
        <Button asChild>
          <a href={SIGN_IN_START_PATH}>OK</a>
        </Button>
      </section>
    );
  }
  return (
    <section aria-labelledby="sign-up-heading">
      <h1 id="sign-up-heading" className="font-bold text-3xl leading-snug tracking-tight">
        Stay informed <span className="block text-primary">{showName}</span>
      </h1>
      <p className="mt-2 mb-6 text-muted-foreground">{SIGN_UP_DESCRIPTION}</p>
      {answer && (
        <p
          role="alert"
          className="mb-6 rounded-md border border-red-400/40 bg-red-950/40 px-3 py-2 text-red-200 text-sm"
        >
          {answer.message}
        </p>
      )}
      <form method="post" action={MEMBER_SIGN_UP_PATH} noValidate className="flex flex-col gap-4">
        <MemberSignUpFields values={answer?.values} />
        <Button type="submit" className="mt-2 self-start">
          Sign Up
        </Button>
      </form>
    </section>
  );
}
