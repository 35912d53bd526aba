import { pageMeta } from "~/lib/seo";
import { siteConfig } from "~/lib/site-config";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: siteConfig.showName, description: siteConfig.description });

export default function Home() {
  return (
    <main id="main">
      <section id="home" className="pt-28 pb-16">
        <h1>{siteConfig.showName}</h1>
      </section>
      <section id="about" />
      <section id="podcast" />
      <section id="insights" />
      <section id="briefing" />
      <section id="contact" />
    </main>
  );
}
