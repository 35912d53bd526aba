/** Query parameters that carry a credential: a sign-in or unsubscribe token, an OpenID Connect code and its state. */
const SECRET_PARAMETER = /([?&](?:token|code|state)=)[^&#]*/gi;
/** A private feed's token is the member's credential: the log keeps the route (`/feeds/[token].xml`). */
const FEED_TOKEN = /^\/feeds\/[^/?#.]+/;
/** An unsubscribe token takes its holder off a list: the log keeps the route (`/unsubscribe/[token]`). */
const UNSUBSCRIBE_TOKEN = /^\/unsubscribe\/[^/?#]+/;
/** A launch-list confirmation token confirms an address for its holder: the log keeps the route. */
const CONFIRMATION_TOKEN = /^\/subscribe\/confirm\/[^/?#]+/;
/** A link in a text: scheme and host, then its path, query and fragment. */
const LINK = /\b(https?:\/\/[^/?#\s<>"']*)([^\s<>"']*)/gi;

/**
 * A request path as logs may show it: the secrets a path can carry are replaced, the route and the other parameters
 * kept (`/sign-in/verify?token=[redacted]`, `/api/callback?code=[redacted]&state=[redacted]`,
 * `/feeds/[token]/audio/7`). The one redaction of the site's logs: the access log, the page cache's lines for the
 * requests it answers, the error logs and the printed mail all go through it.
 */
export function redactSecretPath(path: string): string {
  return path
    .replace(FEED_TOKEN, "/feeds/[token]")
    .replace(UNSUBSCRIBE_TOKEN, "/unsubscribe/[token]")
    .replace(CONFIRMATION_TOKEN, "/subscribe/confirm/[token]")
    .replace(SECRET_PARAMETER, "$1[redacted]");
}

/** A text (a mail) with every link's secrets redacted as redactSecretPath redacts a path. */
export function redactSecretLinks(text: string): string {
  return text.replace(LINK, (_, origin: string, rest: string) => origin + redactSecretPath(rest));
}
