import { recordSignIn } from "~/features/auth/members.server";
import { isMockSignInEnabled, upsertMockUser } from "~/features/auth/mock-sign-in.server";
import { MockSignInSchema } from "~/features/auth/mock-users";
import { apiError, methodNotAllowed, parseJsonBody } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { findCurrentUser } from "~/lib/auth.server";
import { startSession } from "~/lib/session.server";
import type { Route } from "./+types/mock-login";

const notFound = () => apiError(404, "Not found");

export function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(appContext);
  return isMockSignInEnabled(env) ? methodNotAllowed() : notFound();
}

/** Development and tests only: signs in as the mock user of a tier with a real server session. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, env } = context.get(appContext);
  if (!isMockSignInEnabled(env)) return notFound();
  if (request.method !== "POST") return methodNotAllowed();
  const body = await parseJsonBody(request, MockSignInSchema);
  if (!body.ok) return body.response;
  const userId = await upsertMockUser(db, body.data.membershipTier, body.data.alias);
  await recordSignIn(db, userId);
  const setCookie = await startSession(db, env, request, { userId });
  return Response.json(await findCurrentUser(db, userId), { headers: { "Set-Cookie": setCookie } });
}
