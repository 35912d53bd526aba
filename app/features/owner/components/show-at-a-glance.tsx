import { Link } from "react-router";
import type { ShowAtAGlance as Glance } from "../schema";

const number = new Intl.NumberFormat("en-US");
const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

const plural = (count: number, one: string, many: string) => `${number.format(count)} ${count === 1 ? one : many}`;

type Tile = { label: string; value: string; detail: string; to: string };

function tilesOf(glance: Glance): Tile[] {
  const { members, subscribers, drafts, nextEpisode } = glance;
  return [
    {
      label: "Unread messages",
      value: number.format(glance.unreadMessages),
      detail: "Waiting in the inbox",
      to: "/admin/contacts",
    },
    {
      label: "Pending guest applications",
      value: number.format(glance.pendingApplications),
      detail: "Submitted or in review",
      to: "/members/guest-applications",
    },
    {
      label: "Subscribers",
      value: number.format(subscribers.total),
      detail: `${number.format(subscribers.new)} new in the last ${subscribers.days} days`,
      to: "/admin/subscribers",
    },
    {
      label: "Members",
      value: number.format(members.free + members.basic + members.premium),
      detail: `${number.format(members.premium)} Premium, ${number.format(members.basic)} Basic, ${number.format(members.free)} Free`,
      to: "/admin/members",
    },
    {
      label: "Monthly revenue",
      value: dollars.format(glance.monthlyRevenueUsd),
      detail: `From ${plural(members.paying, "paying subscription", "paying subscriptions")}`,
      to: "/admin/members",
    },
    {
      label: "Next episode",
      value: nextEpisode ? day.format(new Date(nextEpisode.publishDate)) : "None scheduled",
      detail: nextEpisode ? nextEpisode.title : "Nothing on the calendar",
      to: nextEpisode ? `/admin/episodes/${nextEpisode.id}` : "/admin/episodes",
    },
    {
      label: "Episode drafts",
      value: number.format(drafts.episodes),
      detail: "Not yet scheduled",
      to: "/admin/episodes",
    },
    {
      label: "Insight drafts",
      value: number.format(drafts.insights),
      detail: "Not yet published",
      to: "/admin/insights",
    },
  ];
}

/**
 * The top of the owner's dashboard: what waits, the audience, the members and what is next, each a link to its
 * screen. Plain links and text: it needs no script.
 */
export function ShowAtAGlance({ glance }: { glance: Glance }) {
  return (
    <section aria-labelledby="at-a-glance-heading">
      <h2 id="at-a-glance-heading" className="font-semibold text-xl">
        At a glance
      </h2>
      <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {tilesOf(glance).map((tile) => (
          <li key={tile.label}>
            <Link
              to={tile.to}
              className="flex h-full flex-col gap-1 rounded-lg border border-border bg-card p-4 transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="text-muted-foreground text-sm">{tile.label}</span>
              <span className="font-bold text-2xl tabular-nums">{tile.value}</span>
              <span className="line-clamp-2 text-muted-foreground text-sm">{tile.detail}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
