import { data, redirect } from "react-router";
import type { AppContext } from "~/lib/app-context.server";
import type { CurrentUser } from "~/lib/current-user";
import { applyBillingAction, applyUpgrade } from "./member-actions.server";
import {
  BILLING_FAILED_TITLE,
  BILLING_UPDATED_TITLE,
  BillingActionSchema,
  type BillingFormAnswer,
  CONFIRMED_BILLING_ACTIONS,
  UPGRADE_FAILED_MESSAGE,
  UPGRADE_FAILED_TITLE,
  UPGRADED_TITLE,
  type UpgradeFormAnswer,
  UpgradeMembershipSchema,
  upgradeSuccessMessage,
} from "./schema";

const failed = (description: string, status: number) =>
  data<BillingFormAnswer>({ flash: { title: BILLING_FAILED_TITLE, description, variant: "destructive" } }, { status });

/**
 * POST /members/dashboard: the Cancel, Downgrade and Manage billing buttons as a form. `confirm` asks the question
 * the dialog asks; `billingAction` is the API's `action`, parsed by the API's schema, and does what the API does.
 * Stripe's portal is a redirect to it.
 */
export async function submitBillingForm(context: AppContext, user: CurrentUser, fields: Record<string, unknown>) {
  const confirm = CONFIRMED_BILLING_ACTIONS.find((action) => action === fields.confirm);
  if (confirm && fields.billingAction === undefined) return data<BillingFormAnswer>({ confirming: confirm });
  const checked = BillingActionSchema.safeParse({ action: fields.billingAction });
  if (!checked.success) return failed(checked.error.issues[0].message, 400);
  const outcome = await applyBillingAction(context, user.id, checked.data.action);
  if (!outcome.ok) return failed(outcome.message, outcome.status);
  if ("portalUrl" in outcome) throw redirect(outcome.portalUrl);
  return data<BillingFormAnswer>({ flash: { title: BILLING_UPDATED_TITLE, description: outcome.message } });
}

/**
 * POST /members/upgrade: a plan's Upgrade button as a form, parsed by the API's schema and applied as the API applies
 * it; Stripe's Checkout is a redirect to it. A refusal shows the upgrade page's own failure toast, as in the page.
 */
export async function submitUpgradeForm(context: AppContext, user: CurrentUser, fields: Record<string, unknown>) {
  const failure = (status: number) =>
    data<UpgradeFormAnswer>(
      { flash: { title: UPGRADE_FAILED_TITLE, description: UPGRADE_FAILED_MESSAGE, variant: "destructive" } },
      { status },
    );
  const checked = UpgradeMembershipSchema.safeParse(fields);
  if (!checked.success) return failure(400);
  const outcome = await applyUpgrade(context, user, checked.data.membershipTier);
  if (!outcome.ok) return failure(outcome.status);
  if ("checkoutUrl" in outcome) throw redirect(outcome.checkoutUrl);
  return data<UpgradeFormAnswer>({
    flash: { title: UPGRADED_TITLE, description: upgradeSuccessMessage(outcome.membershipTier) },
  });
}
