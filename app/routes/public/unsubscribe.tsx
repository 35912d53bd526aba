import { data, Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import {
  MAIL_KINDS,
  mailPreferences,
  readUnsubscribeToken,
  savePreferences,
  unsubscribe,
} from "~/features/mail/audience-mail.server";
import { useRootData } from "~/hooks/use-root-data";
import { appContext } from "~/lib/app-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/unsubscribe";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, ({ showName }) => ({
    title: "Unsubscribe",
    description: `Stop mail from ${showName}.`,
    noIndex: true,
  }));

/** The page names an address: no cache may keep it. */
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => actionHeaders ?? loaderHeaders;

const NO_STORE = { "Cache-Control": "no-store" };

const MAIL_KIND_LABELS = [
  ["episodes", "New episodes"],
  ["insights", "New insights"],
  ["announcements", "Announcements"],
] as const;

/**
 * Opening the link only shows the choice: a person, or a mail scanner following links, changes nothing until the
 * button is pressed.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const named = await readUnsubscribeToken(db, params.token);
  if (!named) return data({ valid: false as const }, { status: 404, headers: NO_STORE });
  const preferences = await mailPreferences(db, named.email);
  const left = MAIL_KINDS.every((kind) => !preferences[kind]);
  return data({ valid: true as const, email: named.email, left, preferences }, { headers: NO_STORE });
}

/**
 * RFC 8058 one-click: a mail provider POSTs `List-Unsubscribe=One-Click` here, without a session or an Origin, and the
 * address leaves at once. The page's own button posts the same body. The signed token is the authority, not a cookie,
 * so a forged cross-site post can do no more than the link's holder could; the site-wide cross-site check still
 * refuses browser posts from other sites, and providers send none of the headers it looks at.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  const named = await readUnsubscribeToken(db, params.token);
  if (!named) return data({ done: false }, { status: 404, headers: NO_STORE });
  const form = await request.formData().catch(() => null);
  if (form?.get("intent") === "preferences") {
    const keep = Object.fromEntries(MAIL_KINDS.map((kind) => [kind, form.get(kind) === "on"]));
    await savePreferences(db, named.email, keep as Record<(typeof MAIL_KINDS)[number], boolean>);
    return data({ done: false, saved: true }, { headers: NO_STORE });
  }
  if (form?.get("List-Unsubscribe") !== "One-Click") return data({ done: false }, { status: 400, headers: NO_STORE });
  await unsubscribe(db, named.email, named.list);
  return data({ done: true }, { headers: NO_STORE });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = useRootData();
  const navigation = useNavigation();
  if (!loaderData.valid) {
    return (
      <main id="main" className="mx-auto max-w-md px-4 pt-28 pb-16">
        <h1 className="font-bold text-4xl tracking-tight">Link Not Valid</h1>
        <p className="mt-4 text-muted-foreground">This unsubscribe link is not one {settings.showName} sent.</p>
      </main>
    );
  }
  const left = actionData?.done || loaderData.left;
  const saved = actionData && "saved" in actionData;
  return (
    <main id="main" className="mx-auto max-w-md px-4 pt-28 pb-16">
      <h1 className="font-bold text-4xl tracking-tight">Unsubscribe</h1>
      {left ? (
        <p className="mt-4 text-muted-foreground" role="status">
          {loaderData.email} will no longer get mail about new episodes, insights and announcements from{" "}
          {settings.showName}.
        </p>
      ) : (
        <>
          <p className="mt-4 text-muted-foreground">
            Stop all mail about new episodes, insights and announcements from {settings.showName} to {loaderData.email}?
          </p>
          <Form method="post" className="mt-6">
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <Button type="submit" disabled={navigation.state !== "idle"}>
              {navigation.state === "submitting" ? "Unsubscribing..." : "Unsubscribe"}
            </Button>
          </Form>
        </>
      )}
      <Form method="post" className="mt-10 space-y-3 rounded-lg border border-border p-4">
        <h2 className="font-semibold text-lg">Mail Preferences</h2>
        <p className="text-muted-foreground text-sm">Choose which mail {loaderData.email} gets:</p>
        <input type="hidden" name="intent" value="preferences" />
        {MAIL_KIND_LABELS.map(([kind, label]) => (
          <label key={kind} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={kind} defaultChecked={loaderData.preferences[kind]} />
            {label}
          </label>
        ))}
        <Button type="submit" variant="outline" disabled={navigation.state !== "idle"}>
          Save Preferences
        </Button>
        {saved && (
          <p role="status" className="text-sm">
            Preferences saved.
          </p>
        )}
      </Form>
    </main>
  );
}
