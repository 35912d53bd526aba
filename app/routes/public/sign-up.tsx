import { MemberSignUpPage } from "~/features/subscribers/components/member-sign-up-page";
import { submitMemberSignUpForm } from "~/features/subscribers/member-sign-up-form.server";
import { readPostedForm } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/sign-up";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, ({ showName }) => ({
    title: "Sign Up",
    description: `Sign up to get notified about new ${showName} episodes and exclusive updates.`,
    noIndex: true,
  }));

/** The sign-up modal's form posted before or without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  return submitMemberSignUpForm(context.get(appContext), await readPostedForm(request));
}

export default function SignUp({ actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-md px-4 pt-28 pb-16">
      <MemberSignUpPage answer={actionData} />
    </main>
  );
}
