import { useState } from "react";
import { useRevalidator } from "react-router";
import { ConfirmAction } from "~/components/owner-list-panel";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import { requestBillingAction } from "../billing-request";
import { type BillingAction, type BillingState, type MembershipTier, planTitle } from "../schema";

/** Dates in UTC, so that the server's HTML and the browser's render agree. */
const longDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });

export function billingStateLine(tier: MembershipTier, billing: BillingState): string | null {
  if (billing.complimentary) return "Complimentary membership from the show.";
  if (tier === "free" || !billing.periodEnd) return null;
  const date = longDate(billing.periodEnd);
  return billing.cancelAtPeriodEnd ? `Ends on ${date}.` : `Renews on ${date}.`;
}

/** The membership card's state line and its Cancel, Downgrade and Manage billing actions, each confirmed first. */
export function MembershipBilling({ tier, billing }: { tier: MembershipTier; billing: BillingState }) {
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState<"cancel" | "downgrade" | null>(null);
  const [busy, setBusy] = useState(false);
  const stateLine = billingStateLine(tier, billing);
  const mayChange = tier !== "free" && !billing.complimentary;

  async function run(action: BillingAction) {
    setConfirming(null);
    setBusy(true);
    const result = await requestBillingAction(action);
    setBusy(false);
    if (result.ok && result.url) {
      window.location.assign(result.url);
      return;
    }
    toast(
      result.ok
        ? { title: "Membership Updated", description: result.message }
        : { title: "Update Failed", description: result.message, variant: "destructive" },
    );
    if (result.ok) revalidator.revalidate();
  }

  return (
    <>
      {stateLine && <p className="text-muted-foreground">{stateLine}</p>}
      {billing.paymentFailed && (
        <p role="alert" className="text-destructive">
          Your last payment failed. Update your payment method in Manage billing to keep your membership.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {billing.canManageBilling && (
          <Button variant="outline" disabled={busy} onClick={() => run("portal")}>
            Manage billing
          </Button>
        )}
        {mayChange && tier === "premium" && !billing.cancelAtPeriodEnd && (
          <Button variant="outline" disabled={busy} onClick={() => setConfirming("downgrade")}>
            Downgrade to Basic
          </Button>
        )}
        {mayChange && !billing.cancelAtPeriodEnd && (
          <Button variant="outline" disabled={busy} onClick={() => setConfirming("cancel")}>
            Cancel Membership
          </Button>
        )}
      </div>
      <ConfirmAction
        open={confirming === "cancel"}
        title="Cancel your membership?"
        confirmLabel="Cancel Membership"
        onConfirm={() => run("cancel")}
        onCancel={() => setConfirming(null)}
      >
        {billing.periodEnd
          ? `You keep your ${planTitle(tier)} benefits until ${longDate(billing.periodEnd)} and will not be charged again.`
          : "Your membership goes back to Free at once."}
      </ConfirmAction>
      <ConfirmAction
        open={confirming === "downgrade"}
        title="Downgrade to Basic?"
        confirmLabel="Downgrade"
        onConfirm={() => run("downgrade")}
        onCancel={() => setConfirming(null)}
      >
        Premium episodes, the resource library, virtual events and guest applications end now. Basic costs $5/month
        {billing.periodEnd ? "; the difference is credited on your next invoice." : "."}
      </ConfirmAction>
    </>
  );
}
