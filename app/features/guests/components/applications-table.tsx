import { Eye } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { LiveButton } from "~/components/ui/live-button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatTableDate } from "~/lib/format-date";
import { cn } from "~/lib/utils";
import type { GuestApplicationView } from "../review-schema";
import { ApplicantAvatar } from "./applicant-avatar";
import { ApplicationStatusBadge } from "./application-status-badge";

/** The applications table of the admin dashboard and of /members/guest-applications (spec section 2). */
export function ApplicationsTable({
  applications,
  onView,
  label,
}: {
  applications: GuestApplicationView[];
  onView: (id: number) => void;
  label?: string;
}) {
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Expertise</TableHead>
          <TableHead>Date</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {applications.map((application) => (
          <TableRow key={application.id} className={cn(application.archived && "opacity-60")}>
            <TableCell>
              <div className="flex items-center gap-3">
                <ApplicantAvatar name={application.name} />
                <div className="flex flex-col">
                  <span className="font-medium">{application.name}</span>
                  {application.company ? (
                    <span className="text-muted-foreground text-xs">{application.company}</span>
                  ) : null}
                  {application.appearsIn.map((episode) => (
                    <span key={episode} className="text-muted-foreground text-xs">
                      appears in episode {/^\d+$/.test(episode) ? episode : `“${episode}”`}
                    </span>
                  ))}
                </div>
              </div>
            </TableCell>
            <TableCell className="max-w-64 truncate">{application.expertise}</TableCell>
            <TableCell className="whitespace-nowrap">{formatTableDate(application.createdAt)}</TableCell>
            <TableCell>
              <div className="flex flex-wrap gap-1">
                <ApplicationStatusBadge status={application.status} />
                {application.archived ? <Badge variant="outline">Archived</Badge> : null}
              </div>
            </TableCell>
            <TableCell className="text-right">
              <LiveButton variant="ghost" size="sm" onClick={() => onView(application.id)}>
                <Eye aria-hidden />
                View
              </LiveButton>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
