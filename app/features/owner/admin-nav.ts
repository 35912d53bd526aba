import { ROLES, type StaffRole } from "~/lib/staff-roles";

/** Who works in the admin area: each link below names the roles that see it (the roles its page and calls allow). */
export type AdminRole = StaffRole;

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
  | "email"
  | "members"
  | "settings"
  | "staff"
  | "activity"
  | "analytics";

export type AdminLink = { label: string; to: string; icon: AdminLinkIcon; roles: readonly AdminRole[] };

/** The admin area's home: the dashboard with the show at a glance. */
export const ADMIN_HOME = "/admin";

/**
 * The admin shell's navigation in its order. Guest Applications goes where the spec's floating menu sends the owner
 * (/members/guest-applications), since /admin/guest-applications shows the login form (spec section 2). Staff and
 * Activity are the owner's.
 */
export const ADMIN_LINKS: readonly AdminLink[] = [
  { label: "Episodes", to: "/admin/episodes", icon: "episodes", roles: ROLES.content },
  { label: "Insights", to: "/admin/insights", icon: "insights", roles: ROLES.content },
  { label: "Stories", to: "/admin/stories", icon: "stories", roles: ROLES.content },
  { label: "Events", to: "/admin/events", icon: "events", roles: ROLES.content },
  { label: "Resources", to: "/admin/resources", icon: "resources", roles: ROLES.content },
  { label: "Content Calendar", to: "/admin/content-calendar", icon: "calendar", roles: ROLES.content },
  { label: "Analytics", to: "/admin/analytics", icon: "analytics", roles: ROLES.analytics },
  { label: "Contact Messages", to: "/admin/contacts", icon: "messages", roles: ROLES.audience },
  { label: "Guest Applications", to: "/members/guest-applications", icon: "applications", roles: ROLES.applications },
  { label: "Subscribers", to: "/admin/subscribers", icon: "subscribers", roles: ROLES.audience },
  { label: "Email", to: "/admin/email", icon: "email", roles: ROLES.mail },
  { label: "Members", to: "/admin/members", icon: "members", roles: ROLES.membersRead },
  { label: "Settings", to: "/admin/settings", icon: "settings", roles: ROLES.owner },
  { label: "Staff", to: "/admin/staff", icon: "staff", roles: ROLES.owner },
  { label: "Activity", to: "/admin/activity", icon: "activity", roles: ROLES.owner },
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
