import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { signInMember } from "#tests/setup/sessions";
import { STAND_IN_PRICES, type StripeStandIn, startStripeStandIn } from "#tests/setup/stripe-stand-in";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { stripeEvents, users } from "~/db/schema";
import {
  CANCEL_AT_PERIOD_END_MESSAGE,
  CANCELLED_MESSAGE,
  COMPLIMENTARY_MESSAGE,
  DOWNGRADED_MESSAGE,
  endLapsedGracePeriods,
  SUBSCRIPTION_NOT_ENDED_MESSAGE,
} from "~/features/membership/billing.server";

let database: TestDatabase;
let standIn: StripeStandIn;
beforeAll(async () => {
  database = await createTestDatabase();
  standIn = await startStripeStandIn();
  // Booting a database copy is slow when the shared test machine is busy.
}, 60_000);
afterAll(async () => {
  await standIn.close();
  await database.close();
});

const DAY_MS = 24 * 3600 * 1000;

function deliver(event: { body: string; signature: string }, env = standIn.env) {
  const request = new Request("http://localhost/api/stripe/webhook", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": event.signature },
    body: event.body,
  });
  return callApi(database.db, request, { env });
}

const memberRow = async (id: string) => {
  const [row] = await database.db.select().from(users).where(eq(users.id, id));
  return row;
};

const postJson = (url: string, cookie: string, body: unknown, env = standIn.env) =>
  callApi(
    database.db,
    new Request(url, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify(body),
    }),
    { env },
  );

/** A member who paid for `tier` through Checkout: the customer, the subscription and the completed session event. */
async function payingMember(tier: "basic" | "premium") {
  const member = await signInMember(database.db, "free");
  const reply = await postJson("http://localhost/api/auth/membership", member.cookie, {
    membershipTier: tier,
  });
  expect(reply.status).toBe(200);
  const { stripeCustomerId } = await memberRow(member.id);
  if (!stripeCustomerId) throw new Error("no customer was created");
  const subscription = standIn.createSubscription(stripeCustomerId, STAND_IN_PRICES[tier]);
  const completed = standIn.signedEvent("checkout.session.completed", {
    id: "cs_test",
    object: "checkout.session",
    mode: "subscription",
    client_reference_id: member.id,
    customer: stripeCustomerId,
    subscription: subscription.id,
  });
  expect((await deliver(completed)).status).toBe(200);
  return { member, subscription, customer: stripeCustomerId };
}

describe("upgrading with Stripe set up", () => {
  it("answers with the Checkout address and leaves the tier until Stripe reports payment", async () => {
    const member = await signInMember(database.db, "free");
    const reply = await postJson("http://localhost/api/auth/membership", member.cookie, {
      membershipTier: "premium",
    });
    expect(reply).toMatchObject({
      status: 200,
      body: { success: true, message: "Continue to the secure payment page." },
    });
    expect((reply.body as { data: { checkoutUrl: string } }).data.checkoutUrl).toMatch(
      new RegExp(`^${standIn.url}/checkout/cs_`),
    );
    const row = await memberRow(member.id);
    expect(row.membershipTier).toBe("free");
    expect(row.stripeCustomerId).toMatch(/^cus_/);
  });

  it("keeps the upgrade rules: premium cannot change", async () => {
    const member = await signInMember(database.db, "premium");
    const reply = await postJson("http://localhost/api/auth/membership", member.cookie, {
      membershipTier: "basic",
    });
    expect(reply).toMatchObject({ status: 400, body: { message: "Premium membership cannot be changed." } });
  });

  it("changes the running subscription's price from basic to premium instead of a second Checkout", async () => {
    const { member, subscription } = await payingMember("basic");
    const reply = await postJson("http://localhost/api/auth/membership", member.cookie, {
      membershipTier: "premium",
    });
    expect(reply).toMatchObject({ status: 200, body: { data: { membershipTier: "premium" } } });
    expect(standIn.subscriptions.get(subscription.id)?.items.data[0]?.price.id).toBe(STAND_IN_PRICES.premium);
    expect((await memberRow(member.id)).membershipTier).toBe("premium");
  });
});

describe("POST /api/stripe/webhook", () => {
  it("makes the member premium on a completed Checkout, with the subscription's state", async () => {
    const { member, subscription } = await payingMember("premium");
    const row = await memberRow(member.id);
    expect(row).toMatchObject({
      membershipTier: "premium",
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: "active",
      subscriptionCancelAtPeriodEnd: false,
    });
    expect(row.subscriptionCurrentPeriodEnd?.getTime()).toBe(
      (subscription.items.data[0]?.current_period_end ?? 0) * 1000,
    );
  });

  it("refuses a bad signature with a 400 and changes nothing", async () => {
    const member = await signInMember(database.db, "free");
    const customer = `cus_forged${member.id.slice(0, 4)}`;
    await database.db.update(users).set({ stripeCustomerId: customer }).where(eq(users.id, member.id));
    const subscription = standIn.createSubscription(customer, STAND_IN_PRICES.premium);
    const event = standIn.signedEvent("customer.subscription.updated", subscription);
    // One hex digit of the signature changed: to "1" where it was "0", so that it always differs.
    const forged = {
      body: event.body,
      signature: event.signature.replace(/v1=(\w)/, (_match, digit) => `v1=${digit === "0" ? "1" : "0"}`),
    };
    const tampered = { body: event.body.replace("active", "activ3"), signature: event.signature };
    for (const attempt of [forged, tampered, { body: event.body, signature: "" }]) {
      expect(await deliver(attempt)).toMatchObject({
        status: 400,
        body: { success: false, message: "The Stripe signature is missing or does not match" },
      });
    }
    expect((await memberRow(member.id)).membershipTier).toBe("free");
    expect(await database.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toEqual([]);
  });

  it("applies a replayed event once", async () => {
    const { member, subscription } = await payingMember("premium");
    const stored = standIn.subscriptions.get(subscription.id);
    if (!stored) throw new Error("missing subscription");
    stored.status = "canceled";
    const deleted = standIn.signedEvent("customer.subscription.deleted", stored);
    expect(await deliver(deleted)).toMatchObject({ status: 200, body: { message: "Processed" } });
    expect((await memberRow(member.id)).membershipTier).toBe("free");

    // The owner comps them afterwards; the same delivery again must not take it away.
    await database.db.update(users).set({ membershipTier: "basic" }).where(eq(users.id, member.id));
    expect(await deliver(deleted)).toMatchObject({ status: 200, body: { message: "Already processed" } });
    expect((await memberRow(member.id)).membershipTier).toBe("basic");
  });

  it("applies the subscription's current state when events arrive out of order", async () => {
    const { member, subscription } = await payingMember("premium");
    const stored = standIn.subscriptions.get(subscription.id);
    if (!stored) throw new Error("missing subscription");
    const staleUpdate = standIn.signedEvent("customer.subscription.updated", structuredClone(stored), {
      created: stored.created + 10,
    });
    stored.status = "canceled";
    const deleted = standIn.signedEvent("customer.subscription.deleted", stored, { created: stored.created + 20 });

    expect((await deliver(deleted)).status).toBe(200);
    expect((await deliver(staleUpdate)).status).toBe(200);
    expect(await memberRow(member.id)).toMatchObject({ membershipTier: "free", subscriptionStatus: "canceled" });
  });

  it("does not let an old subscription's end take away a newer one", async () => {
    const { member, customer, subscription: old } = await payingMember("basic");
    const current = standIn.createSubscription(customer, STAND_IN_PRICES.premium);
    expect((await deliver(standIn.signedEvent("customer.subscription.updated", current))).status).toBe(200);
    const stored = standIn.subscriptions.get(old.id);
    if (!stored) throw new Error("missing subscription");
    stored.status = "canceled";
    expect((await deliver(standIn.signedEvent("customer.subscription.deleted", stored))).status).toBe(200);
    expect(await memberRow(member.id)).toMatchObject({ membershipTier: "premium", stripeSubscriptionId: current.id });
  });

  it("keeps the tier through a failed payment's grace period, then makes the member Free", async () => {
    const { member, customer, subscription } = await payingMember("premium");
    const stored = standIn.subscriptions.get(subscription.id);
    if (!stored) throw new Error("missing subscription");
    stored.status = "past_due";
    const failedAt = Math.floor(Date.now() / 1000);
    const failed = standIn.signedEvent(
      "invoice.payment_failed",
      {
        id: "in_test",
        object: "invoice",
        customer,
        parent: { type: "subscription_details", subscription_details: { subscription: subscription.id } },
      },
      { created: failedAt },
    );
    expect((await deliver(failed)).status).toBe(200);
    expect(await memberRow(member.id)).toMatchObject({
      membershipTier: "premium",
      subscriptionStatus: "past_due",
      paymentFailedAt: new Date(failedAt * 1000),
    });

    const sixDaysOn = new Date(failedAt * 1000 + 6 * DAY_MS);
    await endLapsedGracePeriods(database.db, { now: sixDaysOn, graceDays: 7 });
    expect((await memberRow(member.id)).membershipTier).toBe("premium");

    const eightDaysOn = new Date(failedAt * 1000 + 8 * DAY_MS);
    await endLapsedGracePeriods(database.db, { now: eightDaysOn, graceDays: 7 });
    expect((await memberRow(member.id)).membershipTier).toBe("free");

    // Stripe's retry succeeds: the subscription is active again, and so is the tier.
    stored.status = "active";
    expect((await deliver(standIn.signedEvent("customer.subscription.updated", stored))).status).toBe(200);
    expect(await memberRow(member.id)).toMatchObject({ membershipTier: "premium", paymentFailedAt: null });
  });

  it("never changes a complimentary member's tier", async () => {
    const { member, subscription } = await payingMember("basic");
    await database.db
      .update(users)
      .set({ complimentary: true, membershipTier: "premium" })
      .where(eq(users.id, member.id));
    const stored = standIn.subscriptions.get(subscription.id);
    if (!stored) throw new Error("missing subscription");
    stored.status = "canceled";
    expect((await deliver(standIn.signedEvent("customer.subscription.deleted", stored))).status).toBe(200);
    await database.db
      .update(users)
      .set({ paymentFailedAt: new Date(0) })
      .where(eq(users.id, member.id));
    await endLapsedGracePeriods(database.db, { graceDays: 7 });
    expect(await memberRow(member.id)).toMatchObject({ membershipTier: "premium", subscriptionStatus: "canceled" });
  });

  it("is not there without the Stripe settings", async () => {
    const event = standIn.signedEvent("customer.subscription.updated", {});
    expect(await deliver(event, {})).toMatchObject({ status: 404 });
  });
});

describe("POST /api/auth/membership/billing", () => {
  const billingUrl = "http://localhost/api/auth/membership/billing";

  it("cancels a Stripe subscription at the end of the paid period, keeping the tier until then", async () => {
    const { member, subscription } = await payingMember("premium");
    const reply = await postJson(billingUrl, member.cookie, { action: "cancel" });
    expect(reply).toMatchObject({ status: 200, body: { success: true, message: CANCEL_AT_PERIOD_END_MESSAGE } });
    expect(standIn.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(true);
    expect(await memberRow(member.id)).toMatchObject({
      membershipTier: "premium",
      subscriptionCancelAtPeriodEnd: true,
    });
  });

  it("downgrades premium to basic through the subscription's price", async () => {
    const { member, subscription } = await payingMember("premium");
    const reply = await postJson(billingUrl, member.cookie, { action: "downgrade" });
    expect(reply).toMatchObject({ status: 200, body: { message: DOWNGRADED_MESSAGE } });
    expect(standIn.subscriptions.get(subscription.id)?.items.data[0]?.price.id).toBe(STAND_IN_PRICES.basic);
    expect((await memberRow(member.id)).membershipTier).toBe("basic");
  });

  it("opens the customer portal for a paying member, and refuses one who never paid", async () => {
    const { member } = await payingMember("basic");
    const reply = await postJson(billingUrl, member.cookie, { action: "portal" });
    expect(reply.status).toBe(200);
    expect((reply.body as { data: { url: string } }).data.url).toMatch(new RegExp(`^${standIn.url}/portal`));
    const free = await signInMember(database.db, "free");
    expect(await postJson(billingUrl, free.cookie, { action: "portal" })).toMatchObject({
      status: 400,
      body: { message: "There is no billing account to manage." },
    });
  });

  it("without Stripe, cancels at once and downgrades at once", async () => {
    const premium = await signInMember(database.db, "premium");
    expect(await postJson(billingUrl, premium.cookie, { action: "downgrade" }, {})).toMatchObject({
      status: 200,
      body: { message: DOWNGRADED_MESSAGE },
    });
    expect((await memberRow(premium.id)).membershipTier).toBe("basic");
    expect(await postJson(billingUrl, premium.cookie, { action: "cancel" }, {})).toMatchObject({
      status: 200,
      body: { message: CANCELLED_MESSAGE },
    });
    expect((await memberRow(premium.id)).membershipTier).toBe("free");
  });

  it("refuses what does not apply, and a complimentary membership, changing nothing", async () => {
    const free = await signInMember(database.db, "free");
    expect(await postJson(billingUrl, free.cookie, { action: "cancel" }, {})).toMatchObject({
      status: 400,
      body: { message: "You have no paid membership to cancel." },
    });
    const basic = await signInMember(database.db, "basic");
    expect(await postJson(billingUrl, basic.cookie, { action: "downgrade" }, {})).toMatchObject({
      status: 400,
      body: { message: "Only a Premium membership can be downgraded to Basic." },
    });
    const comped = await signInMember(database.db, "premium");
    await database.db.update(users).set({ complimentary: true }).where(eq(users.id, comped.id));
    expect(await postJson(billingUrl, comped.cookie, { action: "cancel" }, {})).toMatchObject({
      status: 400,
      body: { message: COMPLIMENTARY_MESSAGE },
    });
    expect((await memberRow(comped.id)).membershipTier).toBe("premium");
    expect(await postJson(billingUrl, free.cookie, { action: "refund" }, {})).toMatchObject({
      status: 400,
      body: { message: "Choose cancel, downgrade or portal." },
    });
  });
});

describe("deleting an account with a Stripe subscription", () => {
  const deleteAccount = (cookie: string, env: Record<string, string>) =>
    callApi(
      database.db,
      new Request("http://localhost/api/members/account", { method: "DELETE", headers: { cookie } }),
      { env },
    );

  it("ends the subscription at Stripe first, then deletes the member", async () => {
    const { member, subscription } = await payingMember("premium");
    const reply = await deleteAccount(member.cookie, standIn.env);
    expect(reply.status).toBe(200);
    expect(standIn.subscriptions.get(subscription.id)?.status).toBe("canceled");
    expect(await memberRow(member.id)).toBeUndefined();
  });

  it("deletes nothing and says so when Stripe cannot be reached", async () => {
    const { member, subscription } = await payingMember("premium");
    const unreachable = { ...standIn.env, STRIPE_API_BASE: "http://127.0.0.1:9" };
    const reply = await deleteAccount(member.cookie, unreachable);
    expect(reply.status).toBe(502);
    expect(reply.body).toEqual({ success: false, message: SUBSCRIPTION_NOT_ENDED_MESSAGE });
    expect(standIn.subscriptions.get(subscription.id)?.status).toBe("active");
    expect((await memberRow(member.id))?.membershipTier).toBe("premium");
  });
});
