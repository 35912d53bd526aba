import { TitledCard } from "~/components/titled-card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatTableDateTime } from "~/lib/format-date";
import { type OwnerSignIn, SIGN_IN_RECORD_DAYS } from "../schema";

/** The owner's latest login attempts, so that a login the owner did not make, or a run of failures, is seen. */
export function RecentSignIns({ signIns }: { signIns: OwnerSignIn[] }) {
  return (
    <TitledCard
      title="Recent sign-ins"
      description={`The latest logins to the admin area, with the address and browser they came from. Kept for ${SIGN_IN_RECORD_DAYS} days.`}
    >
      {signIns.length === 0 ? (
        <p className="text-muted-foreground text-sm">No logins recorded yet.</p>
      ) : (
        <Table aria-label="Recent sign-ins" scrollsByKeyboard>
          <TableHeader>
            <TableRow>
              <TableHead>When</TableHead>
              <TableHead>Account</TableHead>
              <TableHead>Result</TableHead>
              <TableHead>Address</TableHead>
              <TableHead>Browser</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {signIns.map((signIn) => (
              <TableRow key={signIn.id}>
                <TableCell className="whitespace-nowrap">{formatTableDateTime(signIn.at)}</TableCell>
                <TableCell className={signIn.accountEmail ? "break-all" : "text-muted-foreground"}>
                  {signIn.accountEmail ?? "Unknown"}
                </TableCell>
                <TableCell className={signIn.succeeded ? undefined : "text-red-300"}>
                  {signIn.succeeded ? "Signed in" : "Wrong password"}
                </TableCell>
                <TableCell className="font-mono text-xs">{signIn.address}</TableCell>
                <TableCell className="max-w-xs truncate text-muted-foreground text-xs" title={signIn.userAgent ?? ""}>
                  {signIn.userAgent ?? "Unknown"}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </TitledCard>
  );
}
