import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

type TestAccount = {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
};

export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The people the provider knows, by subject; tests change their claims between sign-ins. */
  accounts: Map<string, TestAccount>;
  /**
   * Plays the person at the provider: opens the authorisation URL, signs in as `subject` and consents through the
   * provider's own forms, and returns the URL the provider redirects back to (the site's callback with code and state).
   */
  authorize(authorizationUrl: string, subject: string): Promise<URL>;
  close(): Promise<void>;
};

/**
 * A real OpenID provider (oidc-provider) on loopback, with one confidential client that must use PKCE, and its
 * development login and consent screens.
 */
export async function startOidcProvider(redirectUri: string): Promise<TestOidcProvider> {
  const server = http.createServer();
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "podcast-site";
  const clientSecret = "a-long-test-client-secret-of-the-site";
  const accounts = new Map<string, TestAccount>();

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name", "picture"],
    },
    cookies: { keys: ["test-provider-cookie-key"] },
    ttl: { AccessToken: 600, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    features: { devInteractions: { enabled: true } },
    async findAccount(_context: unknown, subject: string) {
      const account = accounts.get(subject);
      if (!account) return undefined;
      return { accountId: subject, claims: async () => ({ sub: subject, ...account }) };
    },
  });
  server.on("request", provider.callback());

  async function authorize(authorizationUrl: string, subject: string): Promise<URL> {
    const cookies = new Map<string, string>();
    let url = new URL(authorizationUrl);
    let init: RequestInit = { method: "GET" };
    for (let step = 0; step < 12; step++) {
      const response = await fetch(url, {
        ...init,
        redirect: "manual",
        headers: {
          ...(init.headers as Record<string, string>),
          cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        },
      });
      for (const setCookie of response.headers.getSetCookie()) {
        const [pair] = setCookie.split(";");
        const [name, ...value] = pair.split("=");
        cookies.set(name, value.join("="));
      }
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        const next = new URL(location, url);
        if (next.href.startsWith(redirectUri)) return next;
        url = next;
        init = { method: "GET" };
        continue;
      }
      const page = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
      if (response.status !== 200 || !action || !prompt) {
        throw new Error(`Unexpected provider answer ${response.status} at ${url}:\n${page.slice(0, 2000)}`);
      }
      const form: Record<string, string> =
        prompt === "login" ? { prompt, login: subject, password: "any" } : { prompt };
      url = new URL(action.replaceAll("&amp;", "&"), url);
      init = {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form).toString(),
      };
    }
    throw new Error("The provider did not redirect back to the site");
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    authorize,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
