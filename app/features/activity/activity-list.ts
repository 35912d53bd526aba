import type { ActivityListQuery } from "./schema";

/** The address of a view of the log: values at their default are left out, so the first page is /admin/activity. */
export function activityViewUrl(view: ActivityListQuery, page = view.page): string {
  const params = new URLSearchParams();
  if (view.person) params.set("person", view.person);
  if (view.kind) params.set("kind", view.kind);
  if (page !== 1) params.set("page", String(page));
  const query = params.toString();
  return `/admin/activity${query ? `?${query}` : ""}`;
}
