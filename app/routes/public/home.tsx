import { Link } from "react-router";
import { LaunchListForm } from "~/features/subscribers/components/launch-list-form";
import { pageMeta } from "~/lib/seo";
import { siteConfig } from "~/lib/site-config";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: siteConfig.showName, description: siteConfig.description });

const sections = [
  { id: "about", title: "About the Show", text: "Meet the host and the stories behind the show.", to: "/about" },
  { id: "podcast", title: "The Podcast", text: "Listen to the trailer and find us on your platform.", to: "/podcast" },
  { id: "insights", title: "Insights", text: "Short reads on technology, operations and leadership.", to: "/insights" },
  { id: "briefing", title: "The Briefing", text: "Our newsletter on innovation and disruption.", to: "/briefing" },
  { id: "contact", title: "Contact", text: "Get in touch or pitch a story of disruption.", to: "/contact" },
];

export default function Home() {
  return (
    <main id="main">
      <section id="home" className="mx-auto flex max-w-5xl flex-col items-start gap-6 px-4 pt-32 pb-20">
        <p className="font-medium text-primary text-sm uppercase tracking-widest">{siteConfig.launchNote}</p>
        <h1 className="font-bold text-4xl tracking-tight sm:text-6xl">{siteConfig.showName}</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">{siteConfig.tagline}</p>
        <p className="text-muted-foreground">Get notified when the podcast launches.</p>
        <LaunchListForm />
      </section>
      {sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-heading`}
          className="mx-auto min-h-[50vh] max-w-5xl scroll-mt-20 border-border border-t px-4 py-20"
        >
          <h2 id={`${section.id}-heading`} className="font-semibold text-3xl">
            {section.title}
          </h2>
          <p className="mt-3 text-muted-foreground">
            {section.text}{" "}
            <Link to={section.to} className="text-primary underline underline-offset-4">
              Read more
            </Link>
          </p>
        </section>
      ))}
    </main>
  );
}
