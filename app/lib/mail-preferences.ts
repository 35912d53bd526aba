/**
 * The list every audience mail's unsubscribe token names: leaving it (the one-click unsubscribe) stops all audience
 * mail. Each kind is also a list of its own, which the preferences form leaves and rejoins.
 */
export const AUDIENCE_LIST = "audience";

/** The kinds of audience mail a reader may keep or stop on the preferences form. */
export const MAIL_KINDS = ["episodes", "insights", "announcements"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Which kinds an address gets, from the lists it left (`mail_unsubscribes`): none after leaving them all. */
export function preferencesFrom(left: ReadonlySet<string>): Record<MailKind, boolean> {
  const all = !left.has(AUDIENCE_LIST);
  return {
    episodes: all && !left.has("episodes"),
    insights: all && !left.has("insights"),
    announcements: all && !left.has("announcements"),
  };
}
