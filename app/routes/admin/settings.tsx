import { RecentSignIns } from "~/features/owner/components/recent-sign-ins";
import { RECENT_SIGN_INS_SHOWN } from "~/features/owner/schema";
import { listOwnerSignIns } from "~/features/owner/sign-ins.server";
import { ArtworkUpload } from "~/features/settings/components/artwork-upload";
import { SettingsForm } from "~/features/settings/components/settings-form";
import { readOwnerSettings } from "~/features/settings/settings.server";
import { appContext } from "~/lib/app-context.server";
import { requireStaffForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { ROLES } from "~/lib/staff-roles";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Settings", description: "The show's identity and settings.", noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireStaffForPage(db, request, ROLES.owner);
  const [settings, signIns] = await Promise.all([readOwnerSettings(db), listOwnerSignIns(db, RECENT_SIGN_INS_SHOWN)]);
  return { settings, signIns };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { settings, signIns } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 pt-28 pb-24">
      <h1 className="mb-8 font-bold text-4xl tracking-tight">Settings</h1>
      <div className="grid grid-cols-1 gap-6">
        <ArtworkUpload initial={settings.artwork} />
        <SettingsForm initial={settings} />
        <RecentSignIns signIns={signIns} />
      </div>
    </main>
  );
}
