import type { CurrentUser } from "~/lib/auth.server";
import { type PremiumFile, premiumFileResponse } from "./premium-files.server";
import type { PremiumPageData } from "./schema";

export const PREMIUM_REQUIRED_MESSAGE = "Premium membership required";

export const hasPremiumAccess = (user: Pick<CurrentUser, "membershipTier">) => user.membershipTier === "premium";

/**
 * A premium page's loader data: the content is loaded only for a premium member; anyone else gets just the marker
 * for the "Premium Access Required" panel, so no premium item is ever in their HTML or data requests.
 */
export async function premiumPageData<Content>(
  user: Pick<CurrentUser, "membershipTier">,
  loadContent: () => Content | Promise<Content>,
): Promise<PremiumPageData<Content>> {
  if (!hasPremiumAccess(user)) return { access: "denied" };
  return { access: "granted", content: await loadContent() };
}

const plainText = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/** A premium file for a premium member; 403 for other members before saying whether the id exists; 404 if not. */
export async function premiumFileFor(
  user: Pick<CurrentUser, "membershipTier">,
  file: PremiumFile | null,
  request: Request,
): Promise<Response> {
  if (!hasPremiumAccess(user)) return plainText(403, PREMIUM_REQUIRED_MESSAGE);
  if (!file) return plainText(404, "Not found");
  return premiumFileResponse(file, request);
}
