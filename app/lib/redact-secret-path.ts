/**
 * A request path as logs may show it: a private feed's token is the member's credential, so the log keeps the route
 * (`/feeds/[token].xml`, `/feeds/[token]/audio/7`) and never the token itself.
 */
export function redactSecretPath(path: string): string {
  return path.replace(/^\/feeds\/[^/?#.]+/, "/feeds/[token]");
}
