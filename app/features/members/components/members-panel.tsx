import { Share2, Trash2 } from "lucide-react";
import { useState } from "react";
import {
  ConfirmAction,
  OwnerListPanel,
  OwnerListTable,
  useOwnerAction,
} from "~/components/publishing/owner-list-panel";
import { Badge } from "~/components/ui/badge";
import { LiveButton } from "~/components/ui/live-button";
import { TableCell } from "~/components/ui/table";
import { useOwnerList } from "~/hooks/use-owner-list";
import { sendJson } from "~/lib/api-client";
import { formatTableDate } from "~/lib/format-date";
import type { OwnerListPage } from "~/lib/owner-list";
import { MEMBER_TIERS, type MemberRow, type MembershipTier } from "../schema";

const TIER_LABELS: Record<MembershipTier, string> = { free: "Free", basic: "Basic", premium: "Premium" };

const memberName = (member: MemberRow) => [member.firstName, member.lastName].filter(Boolean).join(" ") || "-";
const memberLabel = (member: MemberRow) => member.email ?? memberName(member);

/** What the member's membership stands on: a Stripe subscription's state, the owner's gift, or nothing. */
function subscriptionState(member: MemberRow): string {
  if (member.complimentary) return "Complimentary";
  if (member.subscriptionStatus) return member.subscriptionStatus.replaceAll("_", " ");
  return member.membershipTier === "free" ? "-" : "Without payment";
}

/**
 * The Members screen: every member, searched by email or name; for the owner, a tier given by hand and removal
 * (`readOnly` for support, who may read the list but not change it).
 */
export function MembersPanel({
  firstPage,
  readOnly = false,
}: {
  firstPage: OwnerListPage<MemberRow>;
  readOnly?: boolean;
}) {
  const list = useOwnerList(firstPage, "/api/admin/members");
  const runAction = useOwnerAction(list.reload);
  const [removing, setRemoving] = useState<MemberRow | null>(null);

  function changeTier(member: MemberRow, membershipTier: MembershipTier) {
    return runAction(
      () => sendJson("PATCH", `/api/admin/members/${encodeURIComponent(member.id)}`, { membershipTier }),
      {
        success: {
          title: "Membership Updated",
          description:
            membershipTier === "free"
              ? `${memberLabel(member)} is now a Free member.`
              : `${memberLabel(member)} now has a complimentary ${TIER_LABELS[membershipTier]} membership.`,
        },
        failure: { title: "Update Failed", description: "Failed to change the membership", serverMessage: true },
      },
    );
  }

  function remove(member: MemberRow) {
    return runAction(() => sendJson("DELETE", `/api/admin/members/${encodeURIComponent(member.id)}`), {
      success: { title: "Member Removed", description: `${memberLabel(member)} has been removed.` },
      failure: { title: "Remove Failed", description: "Failed to remove the member", serverMessage: true },
    });
  }

  return (
    <>
      <OwnerListPanel
        title="Members"
        description="Everyone with an account: their membership, how it is paid, and when they last signed in."
        list={list}
        archivable={false}
        search={{ label: "Search members", placeholder: "Search by email or name" }}
        loading={{ rows: 5, label: "Loading members" }}
        error={{ title: "Error Loading Members", description: "Failed to load members", retryLabel: "Retry" }}
        emptyTitle={list.counts.total === 0 ? "No members yet" : "No members found matching the search"}
      >
        {(rows) => (
          <OwnerListTable
            label="Members"
            noun="members"
            list={list}
            rows={rows}
            columns={["Email", "Name", "Tier", "Subscription", "Joined", "Last Sign-in"]}
            rowKey={(member) => member.id}
            cells={(member) => (
              <>
                <TableCell>
                  <div className="flex flex-wrap items-center gap-2">
                    {member.email ?? "No email on file"}
                    {member.sharedFeedAddresses !== null ? (
                      <Badge
                        variant="destructive"
                        title={`The private feed was fetched from ${member.sharedFeedAddresses} addresses in one day`}
                      >
                        <Share2 aria-hidden className="mr-1 size-3" />
                        Shared feed ({member.sharedFeedAddresses} addresses in a day)
                      </Badge>
                    ) : null}
                  </div>
                </TableCell>
                <TableCell>{memberName(member)}</TableCell>
                <TableCell>
                  {readOnly ? (
                    TIER_LABELS[member.membershipTier]
                  ) : (
                    <select
                      aria-label={`Tier of ${memberLabel(member)}`}
                      value={member.membershipTier}
                      disabled={list.updating}
                      onChange={(event) => void changeTier(member, event.target.value as MembershipTier)}
                      className="h-9 rounded-md border border-input bg-background px-2 text-sm"
                    >
                      {MEMBER_TIERS.map((tier) => (
                        <option key={tier} value={tier}>
                          {TIER_LABELS[tier]}
                        </option>
                      ))}
                    </select>
                  )}
                </TableCell>
                <TableCell className="capitalize">{subscriptionState(member)}</TableCell>
                <TableCell className="whitespace-nowrap">{formatTableDate(member.createdAt)}</TableCell>
                <TableCell className="whitespace-nowrap">
                  {member.lastSignInAt ? formatTableDate(member.lastSignInAt) : "Never"}
                </TableCell>
              </>
            )}
            actions={(member) =>
              readOnly ? null : (
                <LiveButton
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${memberLabel(member)}`}
                  onClick={() => setRemoving(member)}
                >
                  <Trash2 aria-hidden />
                </LiveButton>
              )
            }
          />
        )}
      </OwnerListPanel>
      <ConfirmAction
        open={removing !== null}
        title="Remove Member?"
        confirmLabel="Remove Member"
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        This deletes the account of {removing ? memberLabel(removing) : ""}: their sign-ins, private feed and newsletter
        entries. Their guest applications are kept. This action cannot be undone.
      </ConfirmAction>
    </>
  );
}
