import { useContext, useEffect, useState } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { Analytics } from "~/components/analytics";
import { CookieNotice } from "~/components/cookie-notice";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { useToasts } from "~/components/ui/use-toast";
import { isMockSignInEnabled } from "~/features/auth/mock-sign-in.server";
import { billingFor } from "~/features/membership/billing.server";
import { PaymentsNotConfiguredNotice } from "~/features/membership/components/payments-not-configured-notice";
import { hasOwnerMarker } from "~/features/owner/components/owner-hints";
import { LaunchListForm } from "~/features/subscribers/components/launch-list-form";
import { MemberSignUpModal } from "~/features/subscribers/components/member-sign-up-modal";
import { useComponentWhen } from "~/hooks/use-component-when";
import { useScriptFree } from "~/hooks/use-script-free";
import { MEASUREMENT_ID_ATTRIBUTE } from "~/lib/analytics";
import { appContext } from "~/lib/app-context.server";
import { getViewer } from "~/lib/auth.server";
import { hasDismissedCookieNotice } from "~/lib/cookie-notice.server";
import { CspNonceContext } from "~/lib/csp-nonce";
import { declaresOpensAtTop, loadAfterFirstPaint, OPENS_AT_TOP_ATTRIBUTE } from "~/lib/page-scripts";
import { openSignUpDialog } from "~/lib/sign-up-dialog";
import { siteConfig } from "~/lib/site-config";
import { getSiteSettings, newsletterPublication } from "~/lib/site-settings.server";
import type { Route } from "./+types/root";
import stylesheetHref from "./app.css?url";
// Vite builds a file imported with `?worker&url` as one self-contained script of its own and gives its address; it
// runs here as a page's script, not in a worker.
import scriptFreePageScriptHref from "./script-free-page/script-free-page.ts?worker&url";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/**
 * The show's settings as the owner set them (every page reads them from here, so a save shows on the next render),
 * the public subset of the deployment's settings and who is signed in; nothing secret belongs here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(appContext);
  const { SITE_URL, NEWSLETTER_URL, GA_MEASUREMENT_ID } = env;
  const [viewer, settings] = await Promise.all([getViewer(db, request), getSiteSettings(db)]);
  return {
    siteUrl: SITE_URL,
    settings,
    newsletter: newsletterPublication(settings, NEWSLETTER_URL),
    user: viewer.user,
    isOwner: viewer.isOwner,
    /** The staff account's role: which admin screens the shell links to (null for everyone else). */
    staffRole: viewer.staff?.role ?? null,
    // Development and tests upgrade for free on purpose; a production site doing so is the owner's to know.
    paymentsNotConfigured: viewer.isOwner && env.NODE_ENV === "production" && billingFor(env) === null,
    mockSignInEnabled: isMockSignInEnabled(env),
    gaMeasurementId: GA_MEASUREMENT_ID ?? null,
    cookieNoticeDismissed: hasDismissedCookieNotice(request),
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const scriptFree = useScriptFree();
  const cspNonce = useContext(CspNonceContext);
  const matches = useMatches();
  // Absent when the root loader itself failed: the error page then goes without the feed's link.
  const rootData = useRouteLoaderData<typeof loader>("root");
  const showName = rootData?.settings.showName;
  const handle = matches.at(-1)?.handle;
  const opensAtTop = declaresOpensAtTop(handle);
  // A page without React carries one small script while it has something to do: analytics, a cookie notice that the
  // server does not know to be dismissed, or opening the page at its top.
  // It loads once the page has shown its content, so that the first paint waits for the stylesheet alone.
  const scriptFreePageScript =
    scriptFree && rootData && (rootData.gaMeasurementId || !rootData.cookieNoticeDismissed || opensAtTop) ? (
      <script
        nonce={cspNonce}
        {...{ [MEASUREMENT_ID_ATTRIBUTE]: rootData.gaMeasurementId ?? undefined }}
        {...(opensAtTop && { [OPENS_AT_TOP_ATTRIBUTE]: "" })}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of the build, the script's own address
        dangerouslySetInnerHTML={{ __html: loadAfterFirstPaint(scriptFreePageScriptHref) }}
      />
    ) : null;
  return (
    <html lang="en" className="dark" data-page-scripts={scriptFree ? "none" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1120" />
        <Meta />
        {/* With a precedence React writes the stylesheet ahead of the tags it hoists into the head, so the browser
            fetches it first: the first paint waits for it alone. */}
        <link rel="stylesheet" href={stylesheetHref} precedence="default" />
        <Links />
        {showName && <link rel="alternate" type="application/rss+xml" title={showName} href={siteConfig.feedPath} />}
      </head>
      <body>
        {children}
        {scriptFreePageScript}
        {!scriptFree && (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

// Parts of the page most visits never show load when they are first needed, so that the first load stays small:
// the owner's and the test controls after hydration and only for whom they are meant.
const loadAdminFloatingButton = () =>
  import("~/features/owner/components/admin-floating-button").then((module) => module.AdminFloatingButton);
const loadMockAuthControls = () =>
  import("~/features/auth/components/mock-auth-controls").then((module) => module.MockAuthControls);
// The toaster (Radix's toast: swipe, F8, the viewport's focus handling) arrives with the first toast; until then there
// is nothing for it to show.
const loadToaster = () => import("~/components/ui/toaster").then((module) => module.Toaster);

/** After the sign-up modal, sign-in starts on the server (email link or OpenID provider). */
const startSignIn = () => window.location.assign("/api/login");

export default function App({ loaderData }: Route.ComponentProps) {
  const [hydrated, setHydrated] = useState(false);
  const [ownerMarked, setOwnerMarked] = useState(false);
  // Marks the document once React has taken over, so that browser tests act only on a live page.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    setHydrated(true);
    setOwnerMarked(hasOwnerMarker());
  }, []);
  const AdminFloatingButton = useComponentWhen(
    hydrated && (loaderData.isOwner || ownerMarked),
    loadAdminFloatingButton,
  );
  const MockAuthControls = useComponentWhen(hydrated && loaderData.mockSignInEnabled, loadMockAuthControls);
  const Toaster = useComponentWhen(useToasts().length > 0, loadToaster);
  const onAdminPage = useLocation().pathname.startsWith("/admin");
  return (
    <>
      <a
        href="#main"
        className="sr-only z-[200] rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader
        settings={loaderData.settings}
        onSignIn={openSignUpDialog}
        notice={loaderData.paymentsNotConfigured && onAdminPage ? <PaymentsNotConfiguredNotice /> : null}
      />
      <Outlet />
      <SiteFooter
        settings={loaderData.settings}
        newsletterEmbedUrl={loaderData.newsletter?.embedUrl ?? null}
        subscribeForm={<LaunchListForm label="Newsletter sign-up" />}
      />
      {!loaderData.user && <MemberSignUpModal onSignIn={startSignIn} />}
      {MockAuthControls && <MockAuthControls />}
      <CookieNotice dismissed={loaderData.cookieNoticeDismissed} />
      {AdminFloatingButton && <AdminFloatingButton isOwner={loaderData.isOwner} />}
      {Toaster && <Toaster />}
      <Analytics measurementId={loaderData.gaMeasurementId} />
    </>
  );
}

/** A 403 is a staff member on a screen their role does not open (decision 055). */
const ERROR_TITLES: Record<number, string> = { 403: "Not Allowed", 404: "Page Not Found" };
const ERROR_DESCRIPTIONS: Record<number, string> = {
  403: "Your role does not open this screen. Ask the owner if you need it.",
  404: "The page you are looking for does not exist.",
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  const requestId: unknown = isRouteErrorResponse(error) ? error.data?.requestId : undefined;
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-32 text-center">
      <h1 className="font-semibold text-2xl">{ERROR_TITLES[status] ?? "Something went wrong"}</h1>
      <p className="mt-2 text-muted-foreground">{ERROR_DESCRIPTIONS[status] ?? "Please try again in a moment."}</p>
      {typeof requestId === "string" && <p className="mt-2 text-muted-foreground text-sm">Request id: {requestId}</p>}
      <a href="/" className="mt-6 inline-block text-primary underline">
        Return Home
      </a>
    </main>
  );
}
