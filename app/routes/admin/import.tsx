import { data } from "react-router";
import { FeedImportProgressView } from "~/features/episodes/components/feed-import-progress";
import { readFeedImport } from "~/features/episodes/feed-import.server";
import { parseIdParam } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireStaffForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { ROLES } from "~/lib/staff-roles";
import type { Route } from "./+types/import";

/** Seconds between reloads while the import runs: the progress shows without any script. */
const RELOAD_SECONDS = 5;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { title: "Import", description: "An import's progress.", noIndex: true }),
  ...(args.data?.progress.status === "running" ? [{ httpEquiv: "refresh", content: String(RELOAD_SECONDS) }] : []),
];

/** /admin/imports/{id}: one import's progress, for the owner. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireStaffForPage(db, request, ROLES.owner);
  const id = parseIdParam(params.id);
  const progress = id === null ? null : await readFeedImport(db, id);
  if (!progress) throw data("Import not found", { status: 404 });
  return { progress, path: new URL(request.url).pathname };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 pt-28 pb-24">
      <h1 className="mb-8 font-bold text-4xl tracking-tight">Import</h1>
      <FeedImportProgressView progress={loaderData.progress} path={loaderData.path} />
    </main>
  );
}
