export function CookieNotice() {
  return null;
}
