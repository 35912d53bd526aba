/**
 * Who works in the admin area. Only the owner today; staff accounts add their roles here (editor, support), and each
 * link below names the roles that see it, so a role's navigation is one filter away.
 */
export type AdminRole = "owner";

export type AdminLinkIcon =
  | "episodes"
  | "insights"
  | "stories"
  | "events"
  | "resources"
  | "calendar"
  | "messages"
  | "applications"
  | "subscribers"
  | "members"
  | "settings"
  | "activity";

export type AdminLink = { label: string; to: string; icon: AdminLinkIcon; roles: readonly AdminRole[] };

/** The admin area's home: the dashboard with the show at a glance. */
export const ADMIN_HOME = "/admin";

/**
 * The admin shell's navigation in its order. Guest Applications goes where the spec's floating menu sends the owner
 * (/members/guest-applications), since /admin/guest-applications shows the login form (spec section 2). Activity
 * is the owner's alone; Staff joins with staff accounts, for the owner only.
 */
export const ADMIN_LINKS: readonly AdminLink[] = [
  { label: "Episodes", to: "/admin/episodes", icon: "episodes", roles: ["owner"] },
  { label: "Insights", to: "/admin/insights", icon: "insights", roles: ["owner"] },
  { label: "Stories", to: "/admin/stories", icon: "stories", roles: ["owner"] },
  { label: "Events", to: "/admin/events", icon: "events", roles: ["owner"] },
  { label: "Resources", to: "/admin/resources", icon: "resources", roles: ["owner"] },
  { label: "Content Calendar", to: "/admin/content-calendar", icon: "calendar", roles: ["owner"] },
  { label: "Contact Messages", to: "/admin/contacts", icon: "messages", roles: ["owner"] },
  { label: "Guest Applications", to: "/members/guest-applications", icon: "applications", roles: ["owner"] },
  { label: "Subscribers", to: "/admin/subscribers", icon: "subscribers", roles: ["owner"] },
  { label: "Members", to: "/admin/members", icon: "members", roles: ["owner"] },
  { label: "Settings", to: "/admin/settings", icon: "settings", roles: ["owner"] },
  { label: "Activity", to: "/admin/activity", icon: "activity", roles: ["owner"] },
];

/** The links a role sees, in the shell's order. */
export const adminLinksFor = (role: AdminRole): AdminLink[] => ADMIN_LINKS.filter((link) => link.roles.includes(role));

/**
 * The link that stands for the screen at `pathname`: its own address, or one under it (an editor at
 * /admin/episodes/7 is part of Episodes). Null on the dashboard and on screens outside the list.
 */
export function currentAdminLink(links: readonly AdminLink[], pathname: string): AdminLink | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  return links.find((link) => path === link.to || path.startsWith(`${link.to}/`)) ?? null;
}
