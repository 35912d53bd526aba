import { type MouseEvent, type ReactNode, useId, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { FormFlashMessage } from "~/components/form-flash";
import { ConfirmAction } from "~/components/publishing/owner-list-panel";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import { requestBillingAction } from "../billing-request";
import {
  BILLING_FAILED_TITLE,
  BILLING_UPDATED_TITLE,
  type BillingAction,
  type BillingFormAnswer,
  type BillingState,
  type ConfirmedBillingAction,
  type MembershipTier,
  planTitle,
} from "../schema";

/** Dates in UTC, so that the server's HTML and the browser's render agree. */
const longDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });

function billingStateLine(tier: MembershipTier, billing: BillingState): string | null {
  if (billing.complimentary) return "Complimentary membership from the show.";
  if (tier === "free" || !billing.periodEnd) return null;
  const date = longDate(billing.periodEnd);
  return billing.cancelAtPeriodEnd ? `Ends on ${date}.` : `Renews on ${date}.`;
}

/** The question Cancel and Downgrade ask before they act, in the dialog or, posted before the scripts, in the page. */
function confirmation(
  action: ConfirmedBillingAction,
  tier: MembershipTier,
  billing: BillingState,
): { title: string; confirmLabel: string; text: ReactNode } {
  if (action === "cancel") {
    return {
      title: "Cancel your membership?",
      confirmLabel: "Cancel Membership",
      text: billing.periodEnd
        ? `You keep your ${planTitle(tier)} benefits until ${longDate(billing.periodEnd)} and will not be charged again.`
        : "Your membership goes back to Free at once.",
    };
  }
  return {
    title: "Downgrade to Basic?",
    confirmLabel: "Downgrade",
    text: (
      <>
        Premium episodes, the resource library, virtual events and guest applications end now. Basic costs $5/month
        {billing.periodEnd ? "; the difference is credited on your next invoice." : "."}
      </>
    ),
  };
}

/**
 * The membership card's state line and its Cancel, Downgrade and Manage billing actions, each confirmed first. The
 * buttons post their form to the dashboard when tapped before the page's scripts run (decision 052); with scripts
 * they open the dialog or call the API as before.
 */
export function MembershipBilling({
  tier,
  billing,
  posted,
}: {
  tier: MembershipTier;
  billing: BillingState;
  posted?: BillingFormAnswer;
}) {
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState<ConfirmedBillingAction | null>(null);
  const [busy, setBusy] = useState(false);
  const stateLine = billingStateLine(tier, billing);
  const mayChange = tier !== "free" && !billing.complimentary;
  const askedInPage = posted && "confirming" in posted ? posted.confirming : null;

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
        ? { title: BILLING_UPDATED_TITLE, description: result.message }
        : { title: BILLING_FAILED_TITLE, description: result.message, variant: "destructive" },
    );
    if (result.ok) revalidator.revalidate();
  }

  return (
    <>
      {posted && "flash" in posted && <FormFlashMessage flash={posted.flash} />}
      {stateLine && <p className="text-muted-foreground">{stateLine}</p>}
      {billing.paymentFailed && (
        <p role="alert" className="text-destructive">
          Your last payment failed. Update your payment method in Manage billing to keep your membership.
        </p>
      )}
      {askedInPage && mayChange ? (
        <PostedConfirmation action={askedInPage} {...confirmation(askedInPage, tier, billing)} />
      ) : (
        <form method="post" className="flex flex-wrap gap-2">
          {billing.canManageBilling && (
            <PostingButton field="billingAction" value="portal" disabled={busy} inPage={() => void run("portal")}>
              Manage billing
            </PostingButton>
          )}
          {mayChange && tier === "premium" && !billing.cancelAtPeriodEnd && (
            <PostingButton field="confirm" value="downgrade" disabled={busy} inPage={() => setConfirming("downgrade")}>
              Downgrade to Basic
            </PostingButton>
          )}
          {mayChange && !billing.cancelAtPeriodEnd && (
            <PostingButton field="confirm" value="cancel" disabled={busy} inPage={() => setConfirming("cancel")}>
              Cancel Membership
            </PostingButton>
          )}
        </form>
      )}
      {(["cancel", "downgrade"] as const).map((action) => {
        const { title, confirmLabel, text } = confirmation(action, tier, billing);
        return (
          <ConfirmAction
            key={action}
            open={confirming === action}
            title={title}
            confirmLabel={confirmLabel}
            onConfirm={() => void run(action)}
            onCancel={() => setConfirming(null)}
          >
            {text}
          </ConfirmAction>
        );
      })}
    </>
  );
}

/** A button of the membership form: it posts `field=value` before the scripts run, and does `inPage` with them. */
function PostingButton({
  field,
  value,
  disabled,
  inPage,
  children,
}: {
  field: "billingAction" | "confirm";
  value: string;
  disabled: boolean;
  inPage: () => void;
  children: ReactNode;
}) {
  function runInPage(event: MouseEvent) {
    event.preventDefault();
    inPage();
  }
  return (
    <Button type="submit" name={field} value={value} variant="outline" disabled={disabled} onClick={runInPage}>
      {children}
    </Button>
  );
}

/** The dialog's question as a form in the page, for a Cancel or Downgrade tapped before the scripts ran. */
function PostedConfirmation({
  action,
  title,
  confirmLabel,
  text,
}: {
  action: ConfirmedBillingAction;
  title: string;
  confirmLabel: string;
  text: ReactNode;
}) {
  const headingId = useId();
  return (
    <form method="post" aria-labelledby={headingId} className="grid gap-3 rounded-md border border-destructive p-4">
      <h3 id={headingId} className="font-semibold text-lg">
        {title}
      </h3>
      <p className="text-muted-foreground text-sm">{text}</p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button asChild variant="outline">
          <Link to="/members/dashboard">Cancel</Link>
        </Button>
        <Button type="submit" name="billingAction" value={action} variant="destructive">
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}
