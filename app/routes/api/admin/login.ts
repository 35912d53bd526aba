import { logInStaff, signedInAccount } from "~/features/owner/login.server";
import {
  type AdminLoginResponse,
  AdminLoginSchema,
  INVALID_PASSWORD_DESCRIPTION,
  LOGIN_SUCCESS_DESCRIPTION,
  TWO_FACTOR_REQUIRED_MESSAGE,
} from "~/features/owner/schema";
import { apiError, tooManyRequests } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";

export const LOGIN_RATE_LIMITED_MESSAGE = "Too many login attempts. Please wait 15 minutes and try again.";
export const loginSlowedDownMessage = (seconds: number) =>
  `Too many failed logins. Please wait ${seconds} ${seconds === 1 ? "second" : "seconds"} and try again.`;

export const calls = [
  /**
   * {email, password}: a staff account's password, checked against its stored hash; {password} alone: the owner
   * account's (the spec's call).
   */
  apiCall({
    method: "POST",
    path: "/api/admin/login",
    access: "public",
    body: AdminLoginSchema,
    // Recorded after a success only: the session the request carried does not yet name the account.
    activity:
      async ({ db, body }) =>
      async () => {
        const account = await signedInAccount(db, body.email);
        return (
          account && {
            kind: "staff.signed_in",
            subjectType: "staff",
            subjectId: String(account.id),
            subjectTitle: account.email,
            actor: { staffId: account.id, email: account.email },
          }
        );
      },
    async handler({ db, context, request, body }) {
      const result = await logInStaff(db, context.env, request, context.clientIp, body);
      if (result.outcome === "rate-limited") {
        return tooManyRequests(result.retryAfterSeconds, LOGIN_RATE_LIMITED_MESSAGE);
      }
      if (result.outcome === "slowed-down") {
        return tooManyRequests(result.retryAfterSeconds, loginSlowedDownMessage(result.retryAfterSeconds));
      }
      if (result.outcome === "invalid") return apiError(401, INVALID_PASSWORD_DESCRIPTION);
      if (result.outcome === "second-factor-required") {
        const reply: AdminLoginResponse = {
          success: false,
          message: TWO_FACTOR_REQUIRED_MESSAGE,
          twoFactorRequired: true,
        };
        return Response.json(reply, { status: 401 });
      }
      const headers = new Headers();
      for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
      const reply: AdminLoginResponse = { success: true, message: LOGIN_SUCCESS_DESCRIPTION, role: result.staff.role };
      return Response.json(reply, { headers });
    },
  }),
];
