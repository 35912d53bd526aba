import { data, Link } from "react-router";
import type { PageScriptsHandle } from "~/lib/page-scripts";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/not-found";

export const handle: PageScriptsHandle = { hydrates: false };

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Page Not Found",
    description: "The page you are looking for does not exist.",
    noIndex: true,
  });

export default function NotFound() {
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center px-4 text-center"
    >
      <p className="font-bold text-6xl text-primary">404</p>
      <h1 className="mt-4 font-semibold text-2xl">Page Not Found</h1>
      <p className="mt-2 text-muted-foreground">The page you are looking for does not exist or has been moved.</p>
      <Link
        to="/"
        className="mt-8 inline-flex items-center rounded-md bg-primary px-5 py-2.5 font-medium text-primary-foreground hover:bg-primary/90"
      >
        Return Home
      </Link>
    </main>
  );
}
