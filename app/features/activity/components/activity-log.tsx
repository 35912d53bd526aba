import { ChevronLeft, ChevronRight } from "lucide-react";
import { Form, Link } from "react-router";
import { EmptyState } from "~/components/list-states";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatTableDateTime } from "~/lib/format-date";
import type { OwnerListPage } from "~/lib/owner-list";
import { activityViewUrl } from "../activity-list";
import type { ActivityListQuery, ActivityView } from "../schema";

const selectClassName =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:w-64";

/** The person who made a change: their email at the time, or the owner's password when no address is known. */
const personOf = (entry: ActivityView) => entry.actorEmail ?? "Owner";

/**
 * /admin/activity: the log newest first, a page at a time from the server. The filters are a GET form and the pages
 * are links, so the page works the same before its scripts load or without them.
 */
export function ActivityLog({
  page,
  view,
  choices,
}: {
  page: OwnerListPage<ActivityView>;
  view: ActivityListQuery;
  choices: { people: string[]; kinds: string[] };
}) {
  const filtered = Boolean(view.person || view.kind);
  return (
    <Card>
      <CardHeader className="gap-4">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Activity</CardTitle>
          <CardDescription>
            Every change made in the admin area: who made it, what, which record, when and from where.
          </CardDescription>
        </div>
        <Form method="get" action="/admin/activity" className="flex flex-col gap-4 sm:flex-row sm:items-end">
          <div className="flex flex-col gap-2">
            <Label htmlFor="activity-person">Person</Label>
            <select id="activity-person" name="person" defaultValue={view.person} className={selectClassName}>
              <option value="">Everyone</option>
              {choices.people.map((email) => (
                <option key={email} value={email}>
                  {email}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="activity-kind">Kind</Label>
            <select id="activity-kind" name="kind" defaultValue={view.kind} className={selectClassName}>
              <option value="">Every kind</option>
              {choices.kinds.map((kind) => (
                <option key={kind} value={kind}>
                  {kind}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="outline">
            Filter
          </Button>
          {filtered ? (
            <Button asChild variant="ghost">
              <Link to="/admin/activity">Clear Filters</Link>
            </Button>
          ) : null}
        </Form>
      </CardHeader>
      <CardContent>
        {page.data.length === 0 ? (
          <EmptyState title={page.counts.total === 0 ? "No activity yet" : "No activity matches the filters"} />
        ) : (
          <>
            <Table aria-label="Activity log">
              <TableCaption>
                {page.counts.total} entries in total, {page.counts.matching} shown
              </TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead>When</TableHead>
                  <TableHead>Person</TableHead>
                  <TableHead>Kind</TableHead>
                  <TableHead>Record</TableHead>
                  <TableHead>From</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {page.data.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell className="whitespace-nowrap">{formatTableDateTime(entry.occurredAt)}</TableCell>
                    <TableCell>{personOf(entry)}</TableCell>
                    <TableCell>
                      <code className="text-sm">{entry.kind}</code>
                      {entry.detail ? <div className="text-muted-foreground text-sm">{entry.detail}</div> : null}
                    </TableCell>
                    <TableCell>{entry.subjectTitle ?? "-"}</TableCell>
                    <TableCell className="whitespace-nowrap">{entry.clientAddress ?? "-"}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <ActivityPager page={page} view={view} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Previous and Next as links, under a log of more than one page. */
function ActivityPager({ page, view }: { page: OwnerListPage<ActivityView>; view: ActivityListQuery }) {
  if (page.pageCount <= 1) return null;
  const link = (to: number, label: string, icon: "previous" | "next") => (
    <Button asChild variant="outline" size="sm">
      <Link to={activityViewUrl(view, to)} rel={icon === "previous" ? "prev" : "next"}>
        {icon === "previous" ? <ChevronLeft aria-hidden /> : null}
        {label}
        {icon === "next" ? <ChevronRight aria-hidden /> : null}
      </Link>
    </Button>
  );
  return (
    <nav aria-label="Activity pages" className="mt-4 flex items-center justify-end gap-3 text-sm">
      {page.page > 1 ? link(page.page - 1, "Previous", "previous") : null}
      <span>
        Page {page.page} of {page.pageCount}
      </span>
      {page.page < page.pageCount ? link(page.page + 1, "Next", "next") : null}
    </nav>
  );
}
