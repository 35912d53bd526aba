import { data, Link } from "react-router";
import { publishedAnnouncement } from "~/features/mail/announcements.server";
import { appContext } from "~/lib/app-context.server";
import type { PageScriptsHandle } from "~/lib/page-scripts";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/briefing-mail";

// Not a cached public route: an announcement appears here when its send begins, which no content change announces.
export const handle: PageScriptsHandle = { hydrates: false };

/** An announcement the owner published on the site, from the moment it was sent; 404 otherwise. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  const mail = id === null ? null : await publishedAnnouncement(db, id, new Date());
  if (!mail) return data({ mail: null }, { status: 404 });
  return { mail };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, ({ newsletter }) => ({
    title: args.loaderData?.mail?.subject ?? "Not Found",
    description: `From ${newsletter.name}'s archive.`,
  }));

export default function BriefingMail({ loaderData }: Route.ComponentProps) {
  const { mail } = loaderData;
  if (!mail) {
    return (
      <main id="main" className="mx-auto max-w-3xl px-4 pt-28 pb-20">
        <h1 className="font-bold text-4xl tracking-tight">Not Found</h1>
        <p className="mt-4 text-muted-foreground">This page does not exist.</p>
        <Link className="mt-6 inline-block underline" to="/briefing">
          Back to the Briefing
        </Link>
      </main>
    );
  }
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 pt-28 pb-20">
      <article>
        <p className="font-medium text-primary text-sm uppercase tracking-widest">
          <time dateTime={mail.sentOn}>{new Date(mail.sentOn).toDateString()}</time>
        </p>
        <h1 className="mt-2 font-bold text-4xl tracking-tight">{mail.subject}</h1>
        {/* Rendered from the owner's Markdown through the site's allow-list sanitiser when it was written. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server */}
        <div className="prose mt-8 max-w-none dark:prose-invert" dangerouslySetInnerHTML={{ __html: mail.html }} />
      </article>
    </main>
  );
}
