import { eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import {
  audienceMails,
  contacts,
  contentEpisodes,
  contentSeries,
  feedImports,
  guestApplications,
  hostStories,
  insightPosts,
  mailSuppressions,
  memberEvents,
  memberResources,
  podcastEpisodes,
  staffAccounts,
  subscribers,
  users,
} from "~/db/schema";
import type { ActivityEntry, ApiActivity } from "~/lib/api-calls.server";
import { defaultSiteSettings, type SiteSettings } from "~/lib/site-config";
import { getSiteSettings } from "~/lib/site-settings.server";

/** Where a record's title (and, for what is published, its status) is read from. */
type Subject = { table: PgTable; id: PgColumn; title: PgColumn | SQL; status?: PgColumn };

const SUBJECTS = {
  episode: {
    table: podcastEpisodes,
    id: podcastEpisodes.id,
    title: podcastEpisodes.title,
    status: podcastEpisodes.status,
  },
  insight: { table: insightPosts, id: insightPosts.id, title: insightPosts.title, status: insightPosts.status },
  story: { table: hostStories, id: hostStories.id, title: hostStories.title },
  event: { table: memberEvents, id: memberEvents.id, title: memberEvents.title },
  resource: { table: memberResources, id: memberResources.id, title: memberResources.title },
  content_series: { table: contentSeries, id: contentSeries.id, title: contentSeries.title },
  content_episode: { table: contentEpisodes, id: contentEpisodes.id, title: contentEpisodes.title },
  contact: { table: contacts, id: contacts.id, title: contacts.subject },
  guest_application: { table: guestApplications, id: guestApplications.id, title: guestApplications.name },
  subscriber: { table: subscribers, id: subscribers.id, title: subscribers.email },
  member: { table: users, id: users.id, title: users.email },
  staff: { table: staffAccounts, id: staffAccounts.id, title: staffAccounts.email, status: staffAccounts.status },
  announcement: { table: audienceMails, id: audienceMails.id, title: audienceMails.subject },
  suppression: { table: mailSuppressions, id: mailSuppressions.email, title: mailSuppressions.email },
  feed_import: { table: feedImports, id: feedImports.id, title: feedImports.feedUrl },
} satisfies Record<string, Subject>;

export type SubjectType = keyof typeof SUBJECTS | "settings";

/** A record as it was just before or just after the change. */
type SubjectState = { title: string | null; status: string | null };

async function readSubject(db: Database, type: SubjectType, id: unknown): Promise<SubjectState | null> {
  if (type === "settings" || (typeof id !== "number" && typeof id !== "string")) return null;
  const subject: Subject = SUBJECTS[type];
  const [row] = await db
    .select({ title: subject.title, status: subject.status ?? subject.title })
    .from(subject.table)
    .where(eq(subject.id, id));
  if (!row) return null;
  return { title: (row.title as string | null) ?? null, status: subject.status ? (row.status as string) : null };
}

/** What a call's change looked like, for naming it. */
export type Change = {
  before: SubjectState | null;
  after: SubjectState | null;
  body: unknown;
  /** The handler's JSON answer. */
  answer: unknown;
};

/** The second half of a kind (`published` in `episode.published`), or a detail with it; null records nothing. */
type Verb = string | ((change: Change) => string | { verb: string; detail: string | null } | null);

type ChangeArgs = { db: Database; id: unknown; body: unknown };

const answerData = (answer: unknown): Record<string, unknown> | null => {
  const data = (answer as { data?: unknown } | null)?.data;
  return typeof data === "object" && data !== null ? (data as Record<string, unknown>) : null;
};

/**
 * A call's `activity`: records `{subject}.{verb}` for the call's record, named by its title at the time (read before
 * the change too, so that a delete keeps the title). `recordFrom: "answer"` takes the record's id from the answer's
 * `data.id` (a record the call made); `"none"` names no record (the settings).
 */
export function recordsChange(
  subjectType: SubjectType,
  verb: Verb,
  options: { recordFrom?: "path" | "answer" | "none"; title?: string } = {},
): ApiActivity<ChangeArgs> {
  const recordFrom = options.recordFrom ?? "path";
  return async ({ db, id, body }) => {
    const before = recordFrom === "path" ? await readSubject(db, subjectType, id) : null;
    return async (answer) => {
      const subjectId = recordFrom === "path" ? id : recordFrom === "answer" ? answerData(answer)?.id : null;
      const after = await readSubject(db, subjectType, subjectId);
      const named = typeof verb === "string" ? verb : verb({ before, after, body, answer });
      if (named === null) return null;
      const { verb: done, detail } = typeof named === "string" ? { verb: named, detail: null } : named;
      const entry: ActivityEntry = {
        kind: `${subjectType}.${done}`,
        subjectType,
        subjectId: subjectId === null || subjectId === undefined ? null : String(subjectId),
        subjectTitle: after?.title ?? before?.title ?? options.title ?? null,
        detail,
      };
      return entry;
    };
  };
}

/**
 * A save of something published on a date (an episode, an insight): `created` or `updated`, unless its status moved,
 * when the new status names it: `published`, `scheduled`, `unpublished`, `drafted`.
 */
export function publicationVerb({ before, after }: Change): string | null {
  if (!after) return null;
  const moved = before ? after.status !== before.status : after.status !== "draft";
  if (!moved) return before ? "updated" : "created";
  return after.status === "draft" ? "drafted" : (after.status ?? "updated");
}

/** An archive toggle: `archived` or `restored`, from the row the call answered. */
export function archiveVerb({ answer }: Change): string {
  return answerData(answer)?.archived ? "archived" : "restored";
}

/** A value as JSON with every object's keys sorted: the database's JSON keeps keys in an order of its own. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object" && value !== null)
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

/** The settings groups whose values differ, by their keys (`tagline, activityLog`). */
function changedGroups(before: SiteSettings, after: SiteSettings): string {
  const keys = Object.keys(defaultSiteSettings) as (keyof SiteSettings)[];
  const changed = keys.filter((key) => canonical(before[key]) !== canonical(after[key]));
  return changed.length > 0 ? changed.join(", ") : "nothing";
}

/** `PUT /api/admin/settings`: records `settings.changed`, naming the settings that changed. */
export const settingsChange: ApiActivity<ChangeArgs> = async ({ db }) => {
  const before = await getSiteSettings(db);
  return async () => ({
    kind: "settings.changed",
    subjectType: "settings",
    subjectId: null,
    subjectTitle: "Settings",
    detail: changedGroups(before, await getSiteSettings(db)),
  });
};

/**
 * `PATCH /api/admin/staff/:id`: `staff.suspended` or `staff.reactivated` when the status moved, else
 * `staff.role_changed` with the new role.
 */
export function staffChangeVerb({ before, after, body }: Change): { verb: string; detail: string | null } | null {
  if (!after) return null;
  if (before && after.status !== before.status)
    return { verb: after.status === "suspended" ? "suspended" : "reactivated", detail: null };
  const role = (body as { role?: string } | null)?.role;
  return { verb: "role_changed", detail: role ?? null };
}

type OwnAccountArgs = { staff: { id: number; email: string } | null };

function ownAccountEntry(staff: OwnAccountArgs["staff"], verb: string, detail: string | null): ActivityEntry | null {
  return (
    staff && {
      kind: `staff.${verb}`,
      subjectType: "staff",
      subjectId: String(staff.id),
      subjectTitle: staff.email,
      detail,
    }
  );
}

/** A person's change to their own account (their sessions, their two-factor): `staff.{verb}` naming the account. */
export function ownAccountChange(verb: string): ApiActivity<OwnAccountArgs> {
  return async ({ staff }) =>
    () =>
      ownAccountEntry(staff, verb, null);
}

/** A person's new email: named by the address they had when they asked, the new one as its detail. */
export const ownEmailChange: ApiActivity<OwnAccountArgs & { body: { email: string } }> =
  async ({ staff, body }) =>
  () =>
    ownAccountEntry(staff, "email_changed", `Now ${body.email}`);
