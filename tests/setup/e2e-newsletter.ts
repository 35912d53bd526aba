/**
 * The newsletter publication the shared browser-test server is configured with (NEWSLETTER_URL): the specs stub its
 * frame. A fresh clone has none (see tests/e2e/settings.spec.ts).
 */
export const E2E_NEWSLETTER_URL = "https://thebriefing.example.com";
