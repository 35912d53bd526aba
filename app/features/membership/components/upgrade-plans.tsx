import { Check } from "lucide-react";
import { type MouseEvent, useEffect, useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { FormFlashMessage } from "~/components/form-flash";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import { cn } from "~/lib/utils";
import { MEMBERSHIP_FAQ, MEMBERSHIP_PLANS, type MembershipPlan, UPGRADE_REDIRECT_DELAY_MS } from "../plans";
import {
  canUpgrade,
  type MembershipTier,
  type PaidTier,
  planTitle,
  UPGRADE_FAILED_MESSAGE,
  UPGRADE_FAILED_TITLE,
  UPGRADED_TITLE,
  type UpgradeFormAnswer,
  upgradeSuccessMessage,
} from "../schema";
import { requestMembershipUpgrade, trackUpgradePageView } from "../upgrade-request";

type UpgradeState = { status: "idle" } | { status: "processing"; plan: PaidTier } | { status: "upgraded" };

/**
 * The plans and their Upgrade buttons. Each button posts its plan to the page when tapped before the scripts run
 * (decision 052), and the page answers with the toast's texts; with scripts it upgrades in the page as before.
 */
export function UpgradePlans({ currentTier, posted }: { currentTier: MembershipTier; posted?: UpgradeFormAnswer }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [state, setState] = useState<UpgradeState>({ status: "idle" });
  const tierOnArrival = useRef(currentTier);

  useEffect(() => {
    trackUpgradePageView(tierOnArrival.current);
  }, []);

  useEffect(() => {
    if (state.status !== "upgraded") return;
    const timer = setTimeout(() => navigate("/members/dashboard"), UPGRADE_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.status, navigate]);

  async function upgrade(plan: PaidTier) {
    setState({ status: "processing", plan });
    const outcome = await requestMembershipUpgrade(plan);
    if (outcome.status === "checkout") {
      // Stripe's page takes the payment; the tier changes when Stripe reports it, and Stripe returns to the dashboard.
      window.location.assign(outcome.checkoutUrl);
      return;
    }
    if (outcome.status === "upgraded") {
      toast({ title: UPGRADED_TITLE, description: upgradeSuccessMessage(plan) });
      setState({ status: "upgraded" });
      // The header's account menu reads the tier from the root loader, which a plain navigation does not reload.
      revalidator.revalidate();
    } else {
      toast({ title: UPGRADE_FAILED_TITLE, description: UPGRADE_FAILED_MESSAGE, variant: "destructive" });
      setState({ status: "idle" });
    }
  }

  return (
    <>
      {posted && <FormFlashMessage flash={posted.flash} />}
      <p className="mt-2 text-muted-foreground">
        Your current plan: <span className="font-medium text-foreground">{planTitle(currentTier)}</span>
      </p>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {MEMBERSHIP_PLANS.map((plan) => (
          <PlanCard
            key={plan.tier}
            plan={plan}
            isCurrent={plan.tier === currentTier}
            disabled={state.status !== "idle" || !canUpgrade(currentTier, plan.tier)}
            processing={state.status === "processing" && state.plan === plan.tier}
            onUpgrade={() => upgrade(plan.tier)}
          />
        ))}
      </div>
      <section aria-labelledby="membership-faq-heading" className="mt-12">
        <h2 id="membership-faq-heading" className="font-semibold text-2xl">
          Frequently Asked Questions
        </h2>
        <dl className="mt-4 grid gap-4 md:grid-cols-2">
          {MEMBERSHIP_FAQ.map(({ question, answer }) => (
            <div key={question} className="rounded-xl border border-border bg-card p-6">
              <dt className="font-semibold">{question}</dt>
              <dd className="mt-2 text-muted-foreground">{answer}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}

function PlanCard({
  plan,
  isCurrent,
  disabled,
  processing,
  onUpgrade,
}: {
  plan: MembershipPlan;
  isCurrent: boolean;
  disabled: boolean;
  processing: boolean;
  onUpgrade: () => void;
}) {
  function upgradeInPage(event: MouseEvent) {
    event.preventDefault();
    onUpgrade();
  }
  const headingId = `plan-${plan.tier}-heading`;
  const label = processing ? "Processing..." : isCurrent ? "Current Plan" : `Upgrade to ${plan.name}`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        "relative flex flex-col gap-4 rounded-xl border bg-card p-6",
        plan.recommended ? "border-primary" : "border-border",
      )}
    >
      {plan.recommended && (
        <p className="absolute -top-3 right-6 rounded-full bg-primary px-3 py-0.5 font-semibold text-primary-foreground text-xs tracking-wider">
          RECOMMENDED
        </p>
      )}
      <h2 id={headingId} className="font-semibold text-2xl">
        {plan.name}
      </h2>
      <p className="font-bold text-3xl">{plan.price}</p>
      <p className="text-muted-foreground">{plan.audience}</p>
      <ul className="grid gap-2" aria-label={`${plan.name} features`}>
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      <form method="post" className="mt-auto grid">
        <Button
          type="submit"
          name="membershipTier"
          value={plan.tier}
          disabled={disabled}
          onClick={upgradeInPage}
          aria-describedby={headingId}
        >
          {label}
        </Button>
      </form>
    </section>
  );
}
