import { StaffPanel } from "~/features/staff/components/staff-panel";
import { listStaff } from "~/features/staff/staff.server";
import { appContext } from "~/lib/app-context.server";
import { requireStaffForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { ROLES } from "~/lib/staff-roles";
import type { Route } from "./+types/staff";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Staff", description: "The people who work in the admin area.", noIndex: true });

/** /admin/staff: the owner's list of staff accounts, with the invitation form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const me = await requireStaffForPage(db, request, ROLES.owner);
  return { staff: await listStaff(db), currentStaffId: me.id };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 pt-28 pb-24">
      <h1 className="mb-8 font-bold text-4xl tracking-tight">Staff</h1>
      <StaffPanel staff={loaderData.staff} currentStaffId={loaderData.currentStaffId} />
    </main>
  );
}
