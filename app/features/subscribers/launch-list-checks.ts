/**
 * What the launch list form checks before it sends, loaded only when the form is used so that the home page's first
 * load leaves zod out. Only the form imports this module, and only dynamically: `./schema` itself is also imported
 * statically (by the subscribe route and the sign-up modal), and a module imported both ways cannot be split off.
 */
export { INVALID_EMAIL_MESSAGE, SUBSCRIBED_MESSAGE, SubscriberEmailSchema } from "./schema";
