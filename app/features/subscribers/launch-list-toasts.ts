/**
 * The launch list's toast titles, shared by the form and the home page's action. Kept apart from schema.ts, which the
 * home page's first load leaves out.
 */
export const LAUNCH_LIST_TOAST_TITLES = {
  subscribed: "Subscription Successful",
  invalid: "Invalid Email",
  failed: "Subscription Failed",
} as const;
