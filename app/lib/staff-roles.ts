/**
 * The admin area's roles (decision 055). Owner: everything, including staff, settings, members and payments. Editor:
 * the show's content (episodes, insights, stories, events, resources, the content calendar), download analytics and guest
 * applications.
 * Support: contact messages, guest applications, subscribers, and members read-only. Client-safe: the admin shell's
 * navigation and the server's checks read the same lists.
 */
export const STAFF_ROLES = ["owner", "editor", "support"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { owner: "Owner", editor: "Editor", support: "Support" };

/** Who may use each part of the admin area; every owner call and page names one of these. */
export const ROLES = {
  /** Staff accounts, settings, members' tiers, payments, sign-ins. */
  owner: ["owner"],
  /** Episodes, insights, stories, events, resources, the content calendar and the media they carry. */
  content: ["owner", "editor"],
  /** Contact messages and newsletter subscribers. */
  audience: ["owner", "support"],
  /** Guest applications. */
  applications: ["owner", "editor", "support"],
  /** Reading the members list (support answers members' questions; only the owner changes a tier). */
  membersRead: ["owner", "support"],
  /** Announcements to the audience (the Email screen): the owner's by default, as they speak for the show. */
  mail: ["owner"],

  /** Download analytics: the owner, and editors, who decide what the show makes next. */
  analytics: ["owner", "editor"],
  /** The dashboard: every role. */
  anyStaff: ["owner", "editor", "support"],
} as const satisfies Record<string, readonly StaffRole[]>;

export type StaffMember = { id: number; email: string; role: StaffRole };

/** Whether a staff member (or nobody) has one of `roles`. */
export const hasRole = (staff: StaffMember | null, roles: readonly StaffRole[]): staff is StaffMember =>
  staff !== null && roles.includes(staff.role);
