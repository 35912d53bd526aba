import { type StripeStandIn, startStripeStandIn } from "../setup/stripe-stand-in";
import { expect, test } from "./fixtures";
import { openPage, pageLive } from "./support";

/**
 * A member pays through Checkout and cancels, on a second built server whose Stripe settings point at the local
 * stand-in (docs/decisions/042). Both ports are fixed beside E2E_PORT: the server's settings name the stand-in, and
 * Checkout returns to the server's own address.
 */
const E2E_PORT = Number(process.env.E2E_PORT ?? 5173);
const STAND_IN_PORT = E2E_PORT + 100;
const SERVER_PORT = E2E_PORT + 101;
const SERVER_URL = `http://127.0.0.1:${SERVER_PORT}`;

let standIn: StripeStandIn;
test.beforeAll(async () => {
  standIn = await startStripeStandIn({ port: STAND_IN_PORT });
  standIn.webhookUrl = `${SERVER_URL}/api/stripe/webhook`;
});
test.afterAll(() => standIn.close());

test.use({
  builtServerEnv: {
    PORT: String(SERVER_PORT),
    SITE_URL: SERVER_URL,
    STRIPE_SECRET_KEY: "sk_test_standin",
    STRIPE_WEBHOOK_SECRET: "whsec_standin",
    STRIPE_PRICE_BASIC: "price_standin_basic",
    STRIPE_PRICE_PREMIUM: "price_standin_premium",
    STRIPE_API_BASE: `http://127.0.0.1:${STAND_IN_PORT}`,
  },
});

test("a free member upgrades to premium through Checkout, then cancels at the end of the paid period", async ({
  page,
  builtServer,
}) => {
  test.setTimeout(90_000);
  const signIn = await page.request.post(`${builtServer.url}/api/auth/mock-login`, {
    data: { membershipTier: "free" },
  });
  expect(signIn.ok()).toBe(true);

  await openPage(page, `${builtServer.url}/members/upgrade`);
  await page.getByRole("button", { name: "Upgrade to Premium" }).click();
  await expect(page.getByRole("heading", { name: "Stand-in Checkout" })).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(`${SERVER_URL}/members/dashboard?checkout=success`);
  await expect(page.getByText("Thank you! Your payment was received.")).toBeVisible();
  await expect(page.getByText("Premium Membership")).toBeVisible();
  await expect(page.getByText(/^Renews on /)).toBeVisible();

  // Checkout returns with a full load: the dashboard's buttons answer once React has hydrated it.
  await pageLive(page);
  await page.getByRole("button", { name: "Cancel Membership" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Cancel your membership?" });
  await expect(confirm).toContainText("You keep your Premium benefits until");
  await confirm.getByRole("button", { name: "Cancel Membership" }).click();

  await expect(page.getByText(/^Ends on /)).toBeVisible();
  await expect(page.getByText("Premium Membership")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel Membership" })).toHaveCount(0);
  const [subscription] = standIn.subscriptions.values();
  expect(subscription?.cancel_at_period_end).toBe(true);
});
