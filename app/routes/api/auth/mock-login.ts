import { recordSignIn } from "~/features/auth/members.server";
import { isMockSignInEnabled, upsertMockUser } from "~/features/auth/mock-sign-in.server";
import { MockSignInSchema } from "~/features/auth/mock-users";
import { apiCall } from "~/lib/api-calls.server";
import { findCurrentUser } from "~/lib/auth.server";
import { startSession } from "~/lib/session.server";

export const calls = [
  /** Development and tests only: signs in as the mock user of a tier with a real server session. */
  apiCall({
    method: "POST",
    path: "/api/auth/mock-login",
    access: "public",
    available: ({ env }) => isMockSignInEnabled(env),
    body: MockSignInSchema,
    async handler({ db, context, request, body }) {
      const userId = await upsertMockUser(db, body.membershipTier, body.alias);
      await recordSignIn(db, userId);
      const setCookie = await startSession(db, context.env, request, { userId });
      return Response.json(await findCurrentUser(db, userId), { headers: { "Set-Cookie": setCookie } });
    },
  }),
];
