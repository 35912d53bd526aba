import { type APIRequestContext, test as base, expect, type Locator } from "@playwright/test";
import { type ServerWithDataDir, startServerWithDataDir } from "../server/helpers";
import { OWNER_STORAGE_STATE } from "./owner-support";

export { expect };

export type MemberTier = "free" | "basic" | "premium";
/** Who a browser context or request context acts as: a mock member of a tier, or the owner. */
type Visitor = MemberTier | "owner";

type SignInOptions = {
  /**
   * A test that changes its member (an upgrade) passes an alias of its own, so that it gets its own copy of the mock
   * user instead of changing the one the other tests share.
   */
  alias?: string;
};

type TestFixtures = {
  /**
   * Signs each test's browser context in before it starts. The owner's session is the one owner.setup.ts logged in
   * once for the run, since the login allows only a few attempts per address.
   */
  signedInAs: Visitor | undefined;
  /**
   * The toast region, found by role even while a modal dialog is open: Radix then hides the rest of the page from
   * the accessibility tree, so a toast shown over a dialog is reachable only with hidden elements included.
   */
  notifications: Locator;
  /** Expects exactly one toast, showing `title` and, when given, `description`, each as its whole text. */
  expectToast: (title: string, description?: string) => Promise<void>;
  /**
   * Signs the page's browser context in as the mock member of `tier` in the middle of a test (a real server session;
   * tests only). The owner's session is signed in for a whole file or group with `signedInAs`.
   */
  signInAs: (tier: MemberTier, options?: SignInOptions) => Promise<void>;
  /** A request context of its own, outside the page's cookies, signed in as `visitor` (none: signed out). */
  requestAs: (visitor?: Visitor) => Promise<APIRequestContext>;
};

type WorkerFixtures = {
  /** Settings for a second built server beside the one playwright.config.ts starts (see `builtServer`). */
  builtServerEnv: Record<string, string>;
  /**
   * A second built server with `builtServerEnv`, on a fresh data folder, for specs that need settings the shared
   * server does not have. Started once per worker on first use, stopped and its folder removed when the worker ends.
   */
  builtServer: ServerWithDataDir;
};

async function signInMember(request: APIRequestContext, tier: MemberTier, options: SignInOptions = {}) {
  const response = await request.post("/api/auth/mock-login", { data: { membershipTier: tier, alias: options.alias } });
  expect(response.ok(), await response.text()).toBe(true);
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  signedInAs: [undefined, { option: true }],

  storageState: async ({ signedInAs, storageState }, use) => {
    await use(signedInAs === "owner" ? OWNER_STORAGE_STATE : storageState);
  },

  page: async ({ page, signedInAs }, use) => {
    if (signedInAs && signedInAs !== "owner") await signInMember(page.request, signedInAs);
    await use(page);
  },

  notifications: async ({ page }, use) => {
    await use(page.getByRole("region", { name: /Notifications/, includeHidden: true }));
  },

  expectToast: async ({ notifications }, use) => {
    await use(async (title, description) => {
      const toast = notifications.getByRole("listitem");
      await expect(toast).toHaveCount(1);
      await expect(toast.getByText(title, { exact: true })).toBeVisible();
      if (description !== undefined) await expect(toast.getByText(description, { exact: true })).toBeVisible();
    });
  },

  signInAs: async ({ page }, use) => {
    await use((tier, options) => signInMember(page.request, tier, options));
  },

  requestAs: async ({ playwright, baseURL }, use) => {
    const contexts: APIRequestContext[] = [];
    await use(async (visitor) => {
      const request = await playwright.request.newContext({
        baseURL,
        storageState: visitor === "owner" ? OWNER_STORAGE_STATE : undefined,
      });
      contexts.push(request);
      if (visitor && visitor !== "owner") await signInMember(request, visitor);
      return request;
    });
    await Promise.all(contexts.map((request) => request.dispose()));
  },

  builtServerEnv: [{}, { option: true, scope: "worker" }],

  builtServer: [
    async ({ builtServerEnv }, use) => {
      const server = await startServerWithDataDir({ NODE_ENV: "test", ...builtServerEnv }, "podcast-e2e-server-");
      await use(server);
      await server.close();
    },
    // Starting a second built server can outlast the default 30 s on a busy machine; startServer gives up after 45 s.
    { scope: "worker", timeout: 60_000 },
  ],
});
