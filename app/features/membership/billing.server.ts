import { and, eq, inArray, isNotNull, isNull, lte, ne } from "drizzle-orm";
import Stripe from "stripe";
import type { Database } from "~/db/client.server";
import { stripeEvents, users } from "~/db/schema";
import type { Env } from "~/lib/env.server";
import { type MembershipChange, readMembershipTier } from "./membership.server";
import { type BillingState, canUpgrade, type MembershipTier, type PaidTier, upgradeRefusalMessage } from "./schema";

/** What the site needs of Stripe: the SDK and the two prices. Null when the Stripe settings are not given. */
export type Billing = { stripe: Stripe; webhookSecret: string; prices: Record<PaidTier, string> };

/** The owner's default grace period after a failed renewal, until the owner's settings give one. */
const DEFAULT_PAYMENT_GRACE_DAYS = 7;

const clients = new WeakMap<Env, Billing>();

export function billingFor(env: Env): Billing | null {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_BASIC, STRIPE_PRICE_PREMIUM } = env;
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET || !STRIPE_PRICE_BASIC || !STRIPE_PRICE_PREMIUM) return null;
  const known = clients.get(env);
  if (known) return known;
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  const stripe = new Stripe(STRIPE_SECRET_KEY, {
    // A webhook must answer within Stripe's timeout, and a page must not hang on a slow API.
    timeout: 10_000,
    maxNetworkRetries: 1,
    ...(base && {
      protocol: base.protocol === "http:" ? "http" : "https",
      host: base.hostname,
      port: base.port || (base.protocol === "http:" ? 80 : 443),
    }),
  });
  const billing = {
    stripe,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    prices: { basic: STRIPE_PRICE_BASIC, premium: STRIPE_PRICE_PREMIUM },
  };
  clients.set(env, billing);
  return billing;
}

type BillingMember = {
  id: string;
  email: string | null;
  membershipTier: MembershipTier;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  subscriptionStatus: string | null;
};

const billingColumns = {
  id: users.id,
  email: users.email,
  membershipTier: users.membershipTier,
  stripeCustomerId: users.stripeCustomerId,
  stripeSubscriptionId: users.stripeSubscriptionId,
  subscriptionStatus: users.subscriptionStatus,
};

async function findBillingMember(db: Database, userId: string): Promise<BillingMember | null> {
  const [row] = await db.select(billingColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row ? { ...row, membershipTier: readMembershipTier(row.membershipTier) } : null;
}

/** Statuses in which the member keeps what they pay for (past_due: Stripe is still retrying, the grace period runs). */
export const PAYING_SUBSCRIPTION_STATUSES = ["active", "trialing", "past_due"] as const;
const PAYING_STATUSES = new Set<string>(PAYING_SUBSCRIPTION_STATUSES);

const hasLiveSubscription = (member: BillingMember) =>
  Boolean(member.stripeSubscriptionId && member.subscriptionStatus && PAYING_STATUSES.has(member.subscriptionStatus));

export type UpgradeStart =
  | MembershipChange
  | { ok: true; checkoutUrl: string }
  | { ok: false; reason: "billing-unavailable" };

/**
 * The upgrade with Stripe: the same rules as without, then Checkout for a first subscription, or a price change of
 * the running subscription for basic to premium (a second subscription would bill the member twice).
 */
export async function startPaidUpgrade(
  db: Database,
  billing: Billing,
  userId: string,
  tier: PaidTier,
  siteUrl: string,
): Promise<UpgradeStart> {
  const member = await findBillingMember(db, userId);
  if (!member) return { ok: false, reason: "unknown-member" };
  if (!canUpgrade(member.membershipTier, tier)) {
    const message = upgradeRefusalMessage(member.membershipTier, tier);
    return { ok: false, reason: "refused", currentTier: member.membershipTier, message };
  }
  try {
    if (hasLiveSubscription(member) && member.stripeSubscriptionId) {
      const subscription = await changeSubscriptionPrice(billing, member.stripeSubscriptionId, tier);
      await applySubscription(db, billing, member.id, subscription);
      return { ok: true, membershipTier: tier };
    }
    const customer = member.stripeCustomerId ?? (await createCustomer(db, billing, member));
    const session = await billing.stripe.checkout.sessions.create({
      mode: "subscription",
      customer,
      client_reference_id: member.id,
      line_items: [{ price: billing.prices[tier], quantity: 1 }],
      metadata: { userId: member.id, tier },
      success_url: `${siteUrl}/members/dashboard?checkout=success`,
      cancel_url: `${siteUrl}/members/upgrade`,
    });
    if (!session.url) return { ok: false, reason: "billing-unavailable" };
    return { ok: true, checkoutUrl: session.url };
  } catch (error) {
    console.error("[stripe] could not start the upgrade:", error);
    return { ok: false, reason: "billing-unavailable" };
  }
}

async function createCustomer(db: Database, billing: Billing, member: BillingMember): Promise<string> {
  const customer = await billing.stripe.customers.create({
    email: member.email ?? undefined,
    metadata: { userId: member.id },
  });
  await db.update(users).set({ stripeCustomerId: customer.id, updatedAt: new Date() }).where(eq(users.id, member.id));
  return customer.id;
}

async function changeSubscriptionPrice(billing: Billing, subscriptionId: string, tier: PaidTier) {
  const current = await billing.stripe.subscriptions.retrieve(subscriptionId);
  const item = current.items.data[0];
  return billing.stripe.subscriptions.update(subscriptionId, {
    items: [{ id: item?.id, price: billing.prices[tier] }],
    // A downgrade or upgrade mid-period is settled on the next invoice, as Stripe does by default.
    proration_behavior: "create_prorations",
    cancel_at_period_end: false,
  });
}

function tierOfPrice(billing: Billing, priceId: string | undefined): PaidTier | null {
  if (priceId === billing.prices.premium) return "premium";
  if (priceId === billing.prices.basic) return "basic";
  return null;
}

/**
 * Writes a subscription's current state onto its member. The tier follows it, except for a complimentary member,
 * whose tier the owner set and no payment changes.
 */
async function applySubscription(db: Database, billing: Billing, userId: string, subscription: Stripe.Subscription) {
  const item = subscription.items.data[0];
  const paying = PAYING_STATUSES.has(subscription.status);
  const paidTier = tierOfPrice(billing, item?.price.id);
  const customer = typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id;
  const [member] = await db
    .select({ complimentary: users.complimentary })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!member) return;
  const tier: MembershipTier | null = paying ? paidTier : "free";
  await db
    .update(users)
    .set({
      stripeCustomerId: customer,
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: subscription.status,
      subscriptionCurrentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
      subscriptionCancelAtPeriodEnd: subscription.cancel_at_period_end,
      ...(subscription.status === "active" && { paymentFailedAt: null }),
      ...(!member.complimentary && tier && { membershipTier: tier }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

export type WebhookOutcome = { status: 200 | 400 | 500; message: string };

/**
 * Verifies, records and applies one webhook delivery. The event's own copy of the subscription may be stale (Stripe
 * does not deliver in order), so every event re-reads the subscription from the API and applies its state now: a
 * late `updated` after `deleted` then writes the deletion again rather than bringing the tier back.
 */
export async function handleStripeWebhook(
  db: Database,
  billing: Billing,
  rawBody: string,
  signature: string | null,
): Promise<WebhookOutcome> {
  let event: Stripe.Event;
  try {
    event = await billing.stripe.webhooks.constructEventAsync(rawBody, signature ?? "", billing.webhookSecret);
  } catch {
    return { status: 400, message: "The Stripe signature is missing or does not match" };
  }
  const [fresh] = await db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  if (!fresh) return { status: 200, message: "Already processed" };
  try {
    await applyEvent(db, billing, event);
  } catch (error) {
    // Forget the event so that Stripe's retry applies it.
    await db.delete(stripeEvents).where(eq(stripeEvents.id, event.id));
    console.error(`[stripe] could not apply event ${event.id} (${event.type}):`, error);
    return { status: 500, message: "The event could not be applied" };
  }
  return { status: 200, message: "Processed" };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

async function applyEvent(db: Database, billing: Billing, event: Stripe.Event) {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      const userId = session.client_reference_id;
      if (session.mode !== "subscription" || !subscriptionId || !userId) return;
      const subscription = await billing.stripe.subscriptions.retrieve(subscriptionId);
      await applySubscription(db, billing, userId, subscription);
      return;
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = await billing.stripe.subscriptions.retrieve(event.data.object.id);
      const member = await memberOfCustomer(db, idOf(subscription.customer));
      if (!member) return;
      // The end of an older subscription must not end the one the member has now.
      if (member.stripeSubscriptionId && member.stripeSubscriptionId !== subscription.id) {
        if (!PAYING_STATUSES.has(subscription.status)) return;
      }
      await applySubscription(db, billing, member.id, subscription);
      return;
    }
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      const member = await memberOfCustomer(db, idOf(invoice.customer));
      if (!member || !subscriptionId || member.stripeSubscriptionId !== subscriptionId) return;
      const subscription = await billing.stripe.subscriptions.retrieve(subscriptionId);
      await applySubscription(db, billing, member.id, subscription);
      // A later payment may already have succeeded: the grace period starts only while the subscription is unpaid.
      if (subscription.status !== "active") {
        await db
          .update(users)
          .set({ paymentFailedAt: new Date(event.created * 1000) })
          .where(and(eq(users.id, member.id), isNull(users.paymentFailedAt)));
      }
      return;
    }
    default:
      return;
  }
}

async function memberOfCustomer(db: Database, customerId: string | null) {
  if (!customerId) return null;
  const [row] = await db
    .select({ id: users.id, stripeSubscriptionId: users.stripeSubscriptionId })
    .from(users)
    .where(eq(users.stripeCustomerId, customerId))
    .limit(1);
  return row ?? null;
}

/**
 * Ends the grace period of members whose renewal failed more than `graceDays` ago and is still unpaid: they become
 * Free. Run periodically by the server; a later successful payment brings the tier back through the webhook.
 */
export async function endLapsedGracePeriods(
  db: Database,
  { now = new Date(), graceDays = DEFAULT_PAYMENT_GRACE_DAYS }: { now?: Date; graceDays?: number } = {},
): Promise<number> {
  const cutoff = new Date(now.getTime() - graceDays * 24 * 3600 * 1000);
  const lapsed = await db
    .update(users)
    .set({ membershipTier: "free", updatedAt: now })
    .where(
      and(
        isNotNull(users.paymentFailedAt),
        lte(users.paymentFailedAt, cutoff),
        eq(users.complimentary, false),
        ne(users.membershipTier, "free"),
        ne(users.subscriptionStatus, "active"),
      ),
    )
    .returning({ id: users.id });
  return lapsed.length;
}

export type BillingChange = { ok: true; message: string } | { ok: false; status: 400 | 401 | 502; message: string };

export const CANCEL_AT_PERIOD_END_MESSAGE = "Your membership will end at the end of the paid period.";
export const CANCELLED_MESSAGE = "Your membership has been cancelled.";
export const DOWNGRADED_MESSAGE = "Your membership is now Basic.";
export const NOTHING_TO_CANCEL_MESSAGE = "You have no paid membership to cancel.";
const ONLY_PREMIUM_DOWNGRADES_MESSAGE = "Only a Premium membership can be downgraded to Basic.";
export const COMPLIMENTARY_MESSAGE = "Your membership was given by the show; contact the owner to change it.";
export const BILLING_UNAVAILABLE_MESSAGE = "Billing is not available right now. Please try again later.";

/**
 * Cancels the member's paid membership: with a Stripe subscription at the end of the paid period (the tier stays
 * until the webhook reports the end); without Stripe at once, back to Free.
 */
export async function cancelMembership(db: Database, billing: Billing | null, userId: string): Promise<BillingChange> {
  const member = await findMemberForChange(db, userId);
  if (!member.ok) return member;
  const { row } = member;
  if (row.membershipTier === "free") return { ok: false, status: 400, message: NOTHING_TO_CANCEL_MESSAGE };
  if (billing && hasLiveSubscription(row) && row.stripeSubscriptionId) {
    try {
      const subscription = await billing.stripe.subscriptions.update(row.stripeSubscriptionId, {
        cancel_at_period_end: true,
      });
      await applySubscription(db, billing, row.id, subscription);
    } catch (error) {
      console.error("[stripe] could not cancel a subscription:", error);
      return { ok: false, status: 502, message: BILLING_UNAVAILABLE_MESSAGE };
    }
    return { ok: true, message: CANCEL_AT_PERIOD_END_MESSAGE };
  }
  await db.update(users).set({ membershipTier: "free", updatedAt: new Date() }).where(eq(users.id, row.id));
  return { ok: true, message: CANCELLED_MESSAGE };
}

/** Premium to Basic: with Stripe the subscription's price changes (prorated on the next invoice); without, at once. */
export async function downgradeToBasic(db: Database, billing: Billing | null, userId: string): Promise<BillingChange> {
  const member = await findMemberForChange(db, userId);
  if (!member.ok) return member;
  const { row } = member;
  if (row.membershipTier !== "premium") return { ok: false, status: 400, message: ONLY_PREMIUM_DOWNGRADES_MESSAGE };
  if (billing && hasLiveSubscription(row) && row.stripeSubscriptionId) {
    try {
      const subscription = await changeSubscriptionPrice(billing, row.stripeSubscriptionId, "basic");
      await applySubscription(db, billing, row.id, subscription);
    } catch (error) {
      console.error("[stripe] could not downgrade a subscription:", error);
      return { ok: false, status: 502, message: BILLING_UNAVAILABLE_MESSAGE };
    }
    return { ok: true, message: DOWNGRADED_MESSAGE };
  }
  await db
    .update(users)
    .set({ membershipTier: "basic", updatedAt: new Date() })
    .where(and(eq(users.id, row.id), inArray(users.membershipTier, ["premium"])));
  return { ok: true, message: DOWNGRADED_MESSAGE };
}

async function findMemberForChange(
  db: Database,
  userId: string,
): Promise<{ ok: true; row: BillingMember } | { ok: false; status: 400 | 401; message: string }> {
  const [row] = await db
    .select({ ...billingColumns, complimentary: users.complimentary })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return { ok: false, status: 401, message: "You need to sign in first" };
  if (row.complimentary) return { ok: false, status: 400, message: COMPLIMENTARY_MESSAGE };
  return { ok: true, row: { ...row, membershipTier: readMembershipTier(row.membershipTier) } };
}

/** Stripe's customer portal for the member's own customer, or null when they have never paid through Stripe. */
export async function billingPortalUrl(
  db: Database,
  billing: Billing,
  userId: string,
  returnUrl: string,
): Promise<string | null> {
  const member = await findBillingMember(db, userId);
  if (!member?.stripeCustomerId) return null;
  const session = await billing.stripe.billingPortal.sessions.create({
    customer: member.stripeCustomerId,
    return_url: returnUrl,
  });
  return session.url;
}

/**
 * For deleting an account: ends the member's Stripe subscription now, so that a deleted member is not billed again.
 * Without Stripe or without a subscription there is nothing to end.
 */
async function cancelSubscriptionAtOnce(db: Database, billing: Billing | null, userId: string): Promise<void> {
  const member = await findBillingMember(db, userId);
  if (!billing || !member || !hasLiveSubscription(member) || !member.stripeSubscriptionId) return;
  const subscription = await billing.stripe.subscriptions.cancel(member.stripeSubscriptionId);
  await applySubscription(db, billing, member.id, subscription);
}

export const SUBSCRIPTION_NOT_ENDED_MESSAGE =
  "The subscription could not be ended with Stripe, so the account was not deleted. Please try again in a moment.";

/**
 * Ends the subscription before an account is deleted: false when Stripe could not be reached or refused, and the
 * caller then deletes nothing, since a deleted member must never be billed again.
 */
export async function endSubscriptionBeforeDeletion(
  db: Database,
  billing: Billing | null,
  userId: string,
): Promise<boolean> {
  try {
    await cancelSubscriptionAtOnce(db, billing, userId);
    return true;
  } catch (error) {
    console.error("[stripe] could not cancel the subscription of a member being deleted:", error);
    return false;
  }
}

export async function readBillingState(db: Database, billing: Billing | null, userId: string): Promise<BillingState> {
  const [row] = await db
    .select({
      stripeCustomerId: users.stripeCustomerId,
      subscriptionStatus: users.subscriptionStatus,
      periodEnd: users.subscriptionCurrentPeriodEnd,
      cancelAtPeriodEnd: users.subscriptionCancelAtPeriodEnd,
      paymentFailedAt: users.paymentFailedAt,
      complimentary: users.complimentary,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const live = Boolean(row?.subscriptionStatus && PAYING_STATUSES.has(row.subscriptionStatus));
  return {
    canManageBilling: Boolean(billing && row?.stripeCustomerId),
    complimentary: row?.complimentary ?? false,
    periodEnd: live && row?.periodEnd ? row.periodEnd.toISOString() : null,
    cancelAtPeriodEnd: live && (row?.cancelAtPeriodEnd ?? false),
    paymentFailed: live && Boolean(row?.paymentFailedAt),
  };
}
