import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "#tests/setup/call-route";
import { signInMember, signInOwner } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { PaymentsNotConfiguredNotice } from "~/features/membership/components/payments-not-configured-notice";
import { loader } from "./root";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const STRIPE = {
  STRIPE_SECRET_KEY: "sk_test_notice",
  STRIPE_WEBHOOK_SECRET: "whsec_notice",
  STRIPE_PRICE_BASIC: "price_basic",
  STRIPE_PRICE_PREMIUM: "price_premium",
};

const paymentsNotice = async (cookie: string | null, env: Record<string, string>) => {
  const reply = await callRoute(
    loader,
    database.db,
    new Request("http://localhost/admin/contacts", { headers: cookie ? { cookie } : {} }),
    { env },
  );
  return (reply.body as { paymentsNotConfigured: boolean }).paymentsNotConfigured;
};

describe("the notice that payments are not configured", () => {
  it("is for the owner of a production site without the Stripe settings", async () => {
    const owner = await signInOwner(database.db);
    expect(await paymentsNotice(owner, { NODE_ENV: "production" })).toBe(true);
    expect(await paymentsNotice(owner, { NODE_ENV: "production", ...STRIPE })).toBe(false);
    // Development and tests upgrade for free on purpose.
    expect(await paymentsNotice(owner, { NODE_ENV: "test" })).toBe(false);
    expect(await paymentsNotice(owner, { NODE_ENV: "development" })).toBe(false);
  });

  it("is never for members or visitors", async () => {
    expect(await paymentsNotice((await signInMember(database.db, "premium")).cookie, { NODE_ENV: "production" })).toBe(
      false,
    );
    expect(await paymentsNotice(null, { NODE_ENV: "production" })).toBe(false);
  });

  it("says that members upgrade for free", () => {
    expect(renderToStaticMarkup(createElement(PaymentsNotConfiguredNotice))).toContain(
      "Payments are not configured: members who upgrade get Basic or Premium free of charge.",
    );
  });
});
