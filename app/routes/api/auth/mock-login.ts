import { isMockSignInEnabled, upsertMockUser } from "~/features/auth/mock-sign-in.server";
import { MockSignInSchema } from "~/features/auth/mock-users";
import { apiError, methodNotAllowed, parseJsonBody } from "~/lib/api.server";
import { findCurrentUser } from "~/lib/auth.server";
import { startSession } from "~/lib/session.server";
import type { Route } from "./+types/mock-login";

const notFound = () => apiError(404, "Not found");

export function loader({ context }: Route.LoaderArgs) {
  return isMockSignInEnabled(context.env) ? methodNotAllowed() : notFound();
}

/** Development and tests only: signs in as the mock user of a tier with a real server session. */
export async function action({ request, context }: Route.ActionArgs) {
  if (!isMockSignInEnabled(context.env)) return notFound();
  if (request.method !== "POST") return methodNotAllowed();
  const body = await parseJsonBody(request, MockSignInSchema);
  if (!body.ok) return body.response;
  const userId = await upsertMockUser(context.db, body.data.membershipTier, body.data.alias);
  const setCookie = await startSession(context.db, context.env, request, { userId });
  return Response.json(await findCurrentUser(context.db, userId), { headers: { "Set-Cookie": setCookie } });
}
