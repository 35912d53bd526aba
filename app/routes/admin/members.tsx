import { MembersPanel } from "~/features/members/components/members-panel";
import { FIRST_MEMBER_PAGE, listMembers } from "~/features/members/member-list.server";
import { appContext } from "~/lib/app-context.server";
import { requireStaffForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { ROLES } from "~/lib/staff-roles";
import type { Route } from "./+types/members";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Members", description: "The site's members.", noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const staff = await requireStaffForPage(db, request, ROLES.membersRead);
  return { members: await listMembers(db, FIRST_MEMBER_PAGE), readOnly: staff.role !== "owner" };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 pt-28 pb-24">
      <h1 className="mb-8 font-bold text-4xl tracking-tight">Members</h1>
      <MembersPanel firstPage={loaderData.members} readOnly={loaderData.readOnly} />
    </main>
  );
}
