import type { PaidTier } from "./schema";

export type MembershipPlan = {
  tier: PaidTier;
  name: string;
  price: string;
  audience: string;
  features: string[];
  recommended: boolean;
};

/** Spec section 9: Basic $5 per month, Premium $12 per month, billed monthly. */
export const MONTHLY_PRICE_USD: Record<PaidTier, number> = { basic: 5, premium: 12 };

/** Spec sections 2 and 9: the plans as the upgrade page shows them. */
export const MEMBERSHIP_PLANS: MembershipPlan[] = [
  {
    tier: "basic",
    name: "Basic",
    price: `$${MONTHLY_PRICE_USD.basic}/month`,
    audience: "For casual listeners",
    features: ["Ad-free episodes", "Early access to regular episodes", "Monthly newsletter"],
    recommended: false,
  },
  {
    tier: "premium",
    name: "Premium",
    price: `$${MONTHLY_PRICE_USD.premium}/month`,
    audience: "For dedicated disruptors",
    features: [
      "All Basic features",
      "Exclusive premium episodes",
      "Resource library access",
      "Priority Q&A access",
      "Virtual events access",
    ],
    recommended: true,
  },
];

export const MEMBERSHIP_FAQ = [
  { question: "How does billing work?", answer: "Memberships are billed monthly." },
  { question: "Can I cancel anytime?", answer: "Yes, you can cancel your membership anytime from your dashboard." },
  {
    question: "What happens when I change plans?",
    answer: "Plan changes take effect at the start of your next billing cycle.",
  },
  {
    question: "How do I get access after upgrading?",
    answer: "You will receive an email with the details of how to access your membership benefits.",
  },
];

/** Spec section 9: the upgrade page goes to the dashboard 1500 ms after a successful upgrade. */
export const UPGRADE_REDIRECT_DELAY_MS = 1500;
