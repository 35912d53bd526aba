import { describe, expect, it } from "vitest";
import { MEMBERSHIP_FAQ, MEMBERSHIP_PLANS, UPGRADE_REDIRECT_DELAY_MS } from "./plans";
import {
  canUpgrade,
  MEMBERSHIP_TIERS,
  membershipPlanName,
  memberTierLabel,
  UpgradeMembershipSchema,
  upgradeRefusalMessage,
  upgradeSuccessMessage,
} from "./schema";

describe("the upgrade rule (spec section 4)", () => {
  const allowed = ["free->basic", "free->premium", "basic->premium"];
  for (const from of MEMBERSHIP_TIERS) {
    for (const to of MEMBERSHIP_TIERS) {
      const transition = `${from}->${to}`;
      it(`${allowed.includes(transition) ? "allows" : "refuses"} ${transition}`, () => {
        expect(canUpgrade(from, to)).toBe(allowed.includes(transition));
      });
    }
  }

  it("explains each refusal", () => {
    expect(upgradeRefusalMessage("premium", "basic")).toBe("Premium membership cannot be changed.");
    expect(upgradeRefusalMessage("premium", "premium")).toBe("Premium membership cannot be changed.");
    expect(upgradeRefusalMessage("basic", "basic")).toBe("You already have the Basic membership.");
    expect(upgradeRefusalMessage("basic", "free")).toBe("Memberships cannot be downgraded.");
  });

  it("accepts only basic and premium as the plan", () => {
    expect(UpgradeMembershipSchema.parse({ membershipTier: "premium" })).toEqual({ membershipTier: "premium" });
    expect(UpgradeMembershipSchema.safeParse({ membershipTier: "free" }).error?.issues[0].message).toBe(
      "Choose the basic or premium membership.",
    );
  });
});

describe("labels", () => {
  it("name the plan on the dashboard and the tier on the profile", () => {
    expect(MEMBERSHIP_TIERS.map(membershipPlanName)).toEqual([
      "Free Membership",
      "Basic Membership",
      "Premium Membership",
    ]);
    expect(MEMBERSHIP_TIERS.map(memberTierLabel)).toEqual(["Free Member", "Basic Member", "Premium Member"]);
  });

  it("word the success toast as the spec does", () => {
    expect(upgradeSuccessMessage("premium")).toBe("Your account has been upgraded to premium membership.");
  });
});

describe("plans (spec sections 2 and 9)", () => {
  it("offer Basic at $5/month and Premium at $12/month, Premium recommended", () => {
    expect(
      MEMBERSHIP_PLANS.map(({ name, price, audience, recommended }) => ({ name, price, audience, recommended })),
    ).toEqual([
      { name: "Basic", price: "$5/month", audience: "For casual listeners", recommended: false },
      { name: "Premium", price: "$12/month", audience: "For dedicated disruptors", recommended: true },
    ]);
    expect(MEMBERSHIP_PLANS[1].features[0]).toBe("All Basic features");
  });

  it("answer the four FAQ topics and redirect after 1500 ms", () => {
    expect(MEMBERSHIP_FAQ.map(({ answer }) => answer).join(" ")).toMatch(
      /billed monthly.*anytime from your dashboard.*next billing cycle.*email/s,
    );
    expect(UPGRADE_REDIRECT_DELAY_MS).toBe(1500);
  });
});
