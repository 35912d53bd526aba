import { data } from "react-router";
import { receiveGuestApplication } from "~/features/guests/application-form.server";
import {
  APPLICATION_RECEIVED_MESSAGE,
  type GuestApplicationResponse,
  GuestApplicationSchema,
} from "~/features/guests/schema";
import { refuseFormFlood } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";

export const calls = [
  apiCall({
    method: "POST",
    path: "/api/guests/apply",
    access: "public",
    body: GuestApplicationSchema,
    async handler({ context, body }) {
      const refused = await refuseFormFlood(context, "guest-application");
      if (refused) return refused;
      const application = await receiveGuestApplication(context, body);
      return data<GuestApplicationResponse>(
        { success: true, message: APPLICATION_RECEIVED_MESSAGE, data: application },
        { status: 201 },
      );
    },
  }),
];
