import { ContactForm } from "~/features/contacts/components/contact-form";
import { submitContactForm } from "~/features/contacts/contact-form.server";
import { useRootData } from "~/hooks/use-root-data";
import { readPostedForm } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import type { PublicPageHandle } from "~/lib/public-routes";
import { pageMeta } from "~/lib/seo";
import { organizationJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/contact";

export const handle: PublicPageHandle = { publicRoute: { shows: [] }, hydrates: true };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Contact",
    description: "Get in touch or pitch a story of disruption. We reply within 48 hours.",
    structuredData: ({ siteUrl, site }) => [organizationJsonLd(siteUrl, site)],
  });

export async function action({ request, context }: Route.ActionArgs) {
  return submitContactForm(context.get(appContext), await readPostedForm(request));
}

export default function Page({ actionData }: Route.ComponentProps) {
  const { settings } = useRootData();
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 pt-28 pb-16">
      <h1 className="font-bold text-4xl tracking-tight">Join the Conversation</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        Have a question, an idea or a story of disruption to share? Get in touch or pitch your story below, and we'll
        get back to you within 48 hours.
      </p>
      <p className="mt-2 text-muted-foreground">
        We answer messages {settings.businessHours.firstDay} to {settings.businessHours.lastDay},{" "}
        {settings.businessHours.opens} to {settings.businessHours.closes}.
      </p>
      <div className="mt-10 rounded-lg border border-border bg-card p-6 sm:p-8">
        <ContactForm answer={actionData} />
      </div>
    </main>
  );
}
