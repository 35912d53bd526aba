import { CalendarDays, Crown, Headphones, Library, Mic } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { accountEmail, accountName, greetingName, type NamedMember } from "../member-names";
import { type BillingFormAnswer, type BillingState, type MembershipTier, membershipPlanName } from "../schema";
import { MembershipBilling } from "./membership-billing";

export type DashboardMember = NamedMember & { membershipTier: MembershipTier };

const PREMIUM_LINKS = [
  {
    to: "/members/premium-content",
    title: "Premium Podcast Episodes",
    text: "Exclusive episodes and downloads.",
    action: "Listen Now",
    icon: Headphones,
  },
  {
    to: "/members/events",
    title: "Virtual Events",
    text: "Live sessions with the host and guests.",
    action: "View Schedule",
    icon: CalendarDays,
  },
  {
    to: "/members/resources",
    title: "Resource Library",
    text: "Guides, checklists and templates.",
    action: "Browse",
    icon: Library,
  },
  {
    to: "/members/guest-applications",
    title: "Guest Applications",
    text: "Follow your applications to be a guest.",
    action: "Manage",
    icon: Mic,
  },
];

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `dashboard-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-xl border border-border bg-card p-6">
      <h2 id={id} className="font-semibold text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function MemberDashboard({
  member,
  billing,
  paymentReceived,
  posted,
}: {
  member: DashboardMember;
  billing: BillingState;
  /** Back from Stripe's Checkout: the tier changes once Stripe reports the payment, usually before this page. */
  paymentReceived: boolean;
  /** The answer to a membership button posted before the scripts ran. */
  posted?: BillingFormAnswer;
}) {
  const isPremium = member.membershipTier === "premium";
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 pt-28 pb-16">
      <h1 className="font-bold text-4xl tracking-tight">Member Dashboard</h1>
      <p className="mt-2 text-lg text-muted-foreground">Welcome back, {greetingName(member)}!</p>
      {paymentReceived && (
        <p role="status" className="mt-4 rounded-xl border border-primary bg-card p-4">
          Thank you! Your payment was received.
        </p>
      )}

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <Card title="Your Membership">
          <p className="flex items-center gap-2 font-medium text-lg">
            {isPremium && <Crown className="size-5 text-primary" aria-hidden="true" />}
            {membershipPlanName(member.membershipTier)}
          </p>
          {isPremium ? (
            <p className="text-muted-foreground">You have access to every member benefit.</p>
          ) : (
            <Button asChild className="self-start">
              <Link to="/members/upgrade">Upgrade Now</Link>
            </Button>
          )}
          <MembershipBilling tier={member.membershipTier} billing={billing} posted={posted} />
        </Card>

        <Card title="Account Information">
          <dl className="grid gap-3">
            <div>
              <dt className="text-muted-foreground text-sm">Email</dt>
              <dd>{accountEmail(member)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground text-sm">Name</dt>
              <dd>{accountName(member)}</dd>
            </div>
          </dl>
          <Button asChild variant="ghost" className="self-start border border-border">
            <Link to="/members/profile">Edit Profile</Link>
          </Button>
        </Card>
      </div>

      <section aria-labelledby="member-content-heading" className="mt-10">
        <h2 id="member-content-heading" className="font-semibold text-2xl">
          Member Content
        </h2>
        {isPremium ? (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {PREMIUM_LINKS.map(({ to, title, text, action, icon: Icon }) => (
              <li key={to} className="flex flex-col gap-3 rounded-xl border border-border bg-card p-6">
                <h3 className="flex items-center gap-2 font-semibold text-lg">
                  <Icon className="size-5 text-primary" aria-hidden="true" />
                  {title}
                </h3>
                <p className="text-muted-foreground">{text}</p>
                <Link
                  to={to}
                  aria-label={`${action}: ${title}`}
                  className="mt-auto font-medium text-primary underline underline-offset-4"
                >
                  {action}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-4 flex flex-col items-start gap-4 rounded-xl border border-border bg-card p-6">
            <p>Upgrade to Premium to access exclusive content</p>
            <Button asChild>
              <Link to="/members/upgrade">View Membership Plans</Link>
            </Button>
          </div>
        )}
      </section>
    </main>
  );
}
