import { CheckCircle2, Info } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { FormFlashMessage } from "~/components/form-flash";
import { Button } from "~/components/ui/button";
import { submitGuestApplicationForm } from "~/features/guests/application-form.server";
import { GuestApplicationForm } from "~/features/guests/components/guest-application-form";
import { useRootData } from "~/hooks/use-root-data";
import { readPostedForm } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import type { PublicPageHandle } from "~/lib/public-routes";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/guest-application";

export const handle: PublicPageHandle = { publicRoute: { shows: [] }, hydrates: true };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Become a Guest",
    description: "Apply to be a guest on the podcast and share your story of disruption.",
  });

export async function action({ request, context }: Route.ActionArgs) {
  return submitGuestApplicationForm(context.get(appContext), await readPostedForm(request));
}

export default function Page({ actionData }: Route.ComponentProps) {
  const { settings } = useRootData();
  const [submittedInPage, setSubmittedInPage] = useState(false);
  const postedAndSubmitted = actionData?.submitted === true;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 pt-28 pb-16">
      {postedAndSubmitted && <FormFlashMessage flash={actionData.flash} />}
      {submittedInPage || postedAndSubmitted ? (
        <ApplicationSubmitted />
      ) : (
        <>
          <h1 className="font-bold text-4xl tracking-tight">Become a Guest</h1>
          <p className="mt-4 text-lg text-muted-foreground">
            {settings.showName} features founders, operators and leaders with an honest story of disruption: the pivot
            that nearly failed, the technology that changed everything, the lesson nobody puts on a slide. Tell us about
            yourself and the conversation you would like to have.
          </p>
          <aside
            aria-labelledby="before-you-apply"
            className="mt-8 flex gap-3 rounded-lg border border-primary/40 bg-primary/10 p-5"
          >
            <Info className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
            <div>
              <h2 id="before-you-apply" className="font-semibold">
                Before you apply
              </h2>
              <p className="mt-1 text-muted-foreground text-sm">
                We look for guests with first-hand experience and a specific story to tell, not a product pitch. Every
                application is read by the host; if it is a fit, we will contact you by email to plan a recording.
              </p>
            </div>
          </aside>
          <div className="mt-10 rounded-lg border border-border bg-card p-6 sm:p-8">
            <GuestApplicationForm
              onSubmitted={() => setSubmittedInPage(true)}
              refused={actionData?.submitted === false ? actionData : undefined}
            />
          </div>
        </>
      )}
    </main>
  );
}

function ApplicationSubmitted() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the visitor was in is gone; move focus to what replaced it.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <section className="mx-auto mt-8 max-w-xl rounded-lg border border-border bg-card p-8 text-center">
      <CheckCircle2 className="mx-auto size-12 text-primary" aria-hidden />
      <h1 ref={headingRef} tabIndex={-1} className="mt-4 font-bold text-3xl tracking-tight focus:outline-none">
        Application Submitted
      </h1>
      <p className="mt-3 text-muted-foreground">
        Thank you for applying to be a guest. We review every application and will be in touch by email if your story is
        a fit for the show.
      </p>
      <Button asChild className="mt-6">
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}
