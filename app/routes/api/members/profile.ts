import { updateMemberNames } from "~/features/members/member-account.server";
import { MemberNamesSchema } from "~/features/members/schema";
import { apiCall } from "~/lib/api-calls.server";
import { findCurrentUser } from "~/lib/auth.server";

export const calls = [
  /** { firstName, lastName }: the member's own names; answers the member as saved. */
  apiCall({
    method: "PUT",
    path: "/api/members/profile",
    access: "member",
    body: MemberNamesSchema,
    async handler({ db, user, body }) {
      await updateMemberNames(db, user.id, body);
      return { success: true, message: "Profile Updated", data: await findCurrentUser(db, user.id) };
    },
  }),
];
