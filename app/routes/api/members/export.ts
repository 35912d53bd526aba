import { exportMemberData } from "~/features/members/member-account.server";
import { notFound } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";

export const calls = [
  /** Everything stored about the member, as a JSON file to keep. */
  apiCall({
    method: "GET",
    path: "/api/members/export",
    access: "member",
    async handler({ db, user }) {
      const data = await exportMemberData(db, user.id);
      if (!data) return notFound("Member not found");
      return new Response(JSON.stringify(data, null, 2), {
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Content-Disposition": `attachment; filename="my-data-${data.exportedAt.slice(0, 10)}.json"`,
          "Cache-Control": "private, no-store",
        },
      });
    },
  }),
];
