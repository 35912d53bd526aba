import { readPostedForm } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { dismissCookieNotice } from "~/lib/cookie-notice.server";
import type { Route } from "./+types/cookie-notice";

/** Got it on the cookie notice, posted by a page without scripts. */
export async function action({ request, context }: Route.ActionArgs) {
  return dismissCookieNotice(request, await readPostedForm(request), context.get(appContext).env.SITE_URL);
}
