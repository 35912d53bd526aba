import { data, redirect } from "react-router";
import type { AppContext } from "~/lib/app-context.server";
import type { CurrentUser } from "~/lib/current-user";
import {
  BILLING_UNAVAILABLE_MESSAGE,
  billingFor,
  billingPortalUrl,
  cancelMembership,
  downgradeToBasic,
  startPaidUpgrade,
} from "./billing.server";
import { changeMembershipTier, sendUpgradeConfirmation } from "./membership.server";
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

const NO_BILLING_ACCOUNT_MESSAGE = "There is no billing account to manage.";

const failed = (description: string, status: number) =>
  data<BillingFormAnswer>({ flash: { title: BILLING_FAILED_TITLE, description, variant: "destructive" } }, { status });

/**
 * POST /members/dashboard: the Cancel, Downgrade and Manage billing buttons as a form. `confirm` asks the question
 * the dialog asks; `billingAction` is the API's `action`, parsed by the API's schema, and does what the API does.
 * Stripe's portal is a redirect to it.
 */
export async function submitBillingForm({ db, env }: AppContext, user: CurrentUser, fields: Record<string, unknown>) {
  const confirm = CONFIRMED_BILLING_ACTIONS.find((action) => action === fields.confirm);
  if (confirm && fields.billingAction === undefined) return data<BillingFormAnswer>({ confirming: confirm });
  const checked = BillingActionSchema.safeParse({ action: fields.billingAction });
  if (!checked.success) return failed(checked.error.issues[0].message, 400);
  const billing = billingFor(env);
  if (checked.data.action === "portal") {
    if (!billing) return failed(NO_BILLING_ACCOUNT_MESSAGE, 400);
    let url: string | null;
    try {
      url = await billingPortalUrl(db, billing, user.id, `${env.SITE_URL}/members/dashboard`);
    } catch (error) {
      console.error("[stripe] could not open the billing portal:", error);
      return failed(BILLING_UNAVAILABLE_MESSAGE, 502);
    }
    if (!url) return failed(NO_BILLING_ACCOUNT_MESSAGE, 400);
    throw redirect(url);
  }
  const change =
    checked.data.action === "cancel"
      ? await cancelMembership(db, billing, user.id)
      : await downgradeToBasic(db, billing, user.id);
  if (!change.ok) return failed(change.message, change.status);
  return data<BillingFormAnswer>({ flash: { title: BILLING_UPDATED_TITLE, description: change.message } });
}

/**
 * POST /members/upgrade: a plan's Upgrade button as a form, parsed by the API's schema and applied as the API applies
 * it; Stripe's Checkout is a redirect to it. A refusal shows the upgrade page's own failure toast, as in the page.
 */
export async function submitUpgradeForm(
  { db, env, mailer }: AppContext,
  user: CurrentUser,
  fields: Record<string, unknown>,
) {
  const failure = (status: number) =>
    data<UpgradeFormAnswer>(
      { flash: { title: UPGRADE_FAILED_TITLE, description: UPGRADE_FAILED_MESSAGE, variant: "destructive" } },
      { status },
    );
  const checked = UpgradeMembershipSchema.safeParse(fields);
  if (!checked.success) return failure(400);
  const billing = billingFor(env);
  const change = billing
    ? await startPaidUpgrade(db, billing, user.id, checked.data.membershipTier, env.SITE_URL)
    : await changeMembershipTier(db, user.id, checked.data.membershipTier);
  if (change.ok && "checkoutUrl" in change) throw redirect(change.checkoutUrl);
  if (!change.ok) return failure({ "billing-unavailable": 502, refused: 400, "unknown-member": 401 }[change.reason]);
  await sendUpgradeConfirmation(mailer, env, user, change.membershipTier);
  return data<UpgradeFormAnswer>({
    flash: { title: UPGRADED_TITLE, description: upgradeSuccessMessage(change.membershipTier) },
  });
}
