import { MemberGuestApplications } from "~/features/guests/components/member-guest-applications";
import { PremiumRequiredPanel } from "~/features/guests/components/premium-required-panel";
import { FIRST_APPLICATION_PAGE, listGuestApplications } from "~/features/guests/review.server";
import { appContext } from "~/lib/app-context.server";
import { getViewer, requireUserForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { hasRole, ROLES } from "~/lib/staff-roles";
import { memberBreadcrumbJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/guest-applications";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Guest Applications",
    description: "Guest applications for premium members.",
    noIndex: true,
    structuredData: ({ siteUrl }) => [
      memberBreadcrumbJsonLd(siteUrl, { name: "Guest Applications", path: "/members/guest-applications" }),
    ],
  });

/**
 * Staff (every role) see every application and changes statuses; a premium member sees only their own applications (made
 * with their account's email); other members get the upgrade prompt; nobody signed in goes to sign-in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const { staff } = await getViewer(db, request);
  if (hasRole(staff, ROLES.applications)) {
    const applications = await listGuestApplications(db, FIRST_APPLICATION_PAGE);
    return { access: "granted" as const, canChangeStatus: true, applications };
  }
  const user = await requireUserForPage(db, request);
  if (user.membershipTier !== "premium") return { access: "upgrade" as const };
  // A member without an address has made no application that could be theirs.
  const applications = await listGuestApplications(db, FIRST_APPLICATION_PAGE, { applicantEmail: user.email ?? "" });
  return { access: "granted" as const, canChangeStatus: false, applications };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 pt-28 pb-24">
      <h1 className="mb-8 font-bold text-4xl tracking-tight">Guest Applications</h1>
      {loaderData.access === "granted" ? (
        <MemberGuestApplications firstPage={loaderData.applications} canChangeStatus={loaderData.canChangeStatus} />
      ) : (
        <PremiumRequiredPanel />
      )}
    </main>
  );
}
