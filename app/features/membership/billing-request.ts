import { sendJson } from "~/lib/api-client";
import type { BillingAction, BillingActionResponse } from "./schema";

/** Sends one of the dashboard's membership actions; the server's message either way, and the portal's address. */
export async function requestBillingAction(
  action: BillingAction,
): Promise<{ ok: boolean; message: string; url?: string }> {
  try {
    const reply = await sendJson<BillingActionResponse>("POST", "/api/auth/membership/billing", { action });
    if (reply.ok && reply.body?.success) return { ok: true, message: reply.body.message, url: reply.body.data.url };
    return { ok: false, message: reply.body?.message ?? "Something went wrong. Please try again." };
  } catch {
    return { ok: false, message: "The server could not be reached. Please try again." };
  }
}
