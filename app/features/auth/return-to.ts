/** Where members land after signing in when nothing else was asked for. */
export const DEFAULT_RETURN_TO = "/members/dashboard";

const MAX_RETURN_TO_LENGTH = 2000;

/**
 * A place on this site to go back to after sign-in: only a relative path, so that a crafted sign-in link cannot send
 * a member to another site ("//evil.example" and "/\evil.example" are other sites to a browser). Anything else, and
 * the sign-in endpoints themselves, fall back to the dashboard.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || value.length > MAX_RETURN_TO_LENGTH) return DEFAULT_RETURN_TO;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must be refused
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\") || /[\u0000-\u001f\\]/.test(value)) {
    return DEFAULT_RETURN_TO;
  }
  const base = "http://return-to.invalid";
  const url = new URL(value, base);
  if (url.origin !== base) return DEFAULT_RETURN_TO;
  if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/sign-in")) return DEFAULT_RETURN_TO;
  return `${url.pathname}${url.search}${url.hash}`;
}
