import { data } from "react-router";
import { receiveContactMessage } from "~/features/contacts/contact-form.server";
import { CONTACT_REPLY_PROMISE, ContactMessageSchema, type ContactResponse } from "~/features/contacts/schema";
import { refuseFormFlood } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";

export const calls = [
  apiCall({
    method: "POST",
    path: "/api/contact",
    access: "public",
    body: ContactMessageSchema,
    async handler({ context, body }) {
      const refused = await refuseFormFlood(context, "contact");
      if (refused) return refused;
      await receiveContactMessage(context, body);
      return data<ContactResponse>({ success: true, message: CONTACT_REPLY_PROMISE }, { status: 201 });
    },
  }),
];
