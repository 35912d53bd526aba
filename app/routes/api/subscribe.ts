import { receiveSubscription } from "~/features/subscribers/launch-list-form.server";
import { SUBSCRIBED_MESSAGE, type SubscribeResponse, SubscribeSchema } from "~/features/subscribers/schema";
import { refuseFormFlood } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";

export const calls = [
  apiCall({
    method: "POST",
    path: "/api/subscribe",
    access: "public",
    body: SubscribeSchema,
    async handler({ context, body }) {
      const refused = await refuseFormFlood(context, "subscribe");
      if (refused) return refused;
      await receiveSubscription(context, body);
      return { success: true, message: SUBSCRIBED_MESSAGE } satisfies SubscribeResponse;
    },
  }),
];
