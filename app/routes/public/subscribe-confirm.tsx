import { data, Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { confirmSubscription, pendingConfirmation } from "~/features/subscribers/subscribers.server";
import { useRootData } from "~/hooks/use-root-data";
import { appContext } from "~/lib/app-context.server";
import type { PageScriptsHandle } from "~/lib/page-scripts";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/subscribe-confirm";

export const handle: PageScriptsHandle = { hydrates: false };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, ({ showName }) => ({
    title: "Confirm Your Subscription",
    description: `Confirm mail from ${showName}.`,
    noIndex: true,
  }));

/** The page names an address: no cache may keep it. */
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => actionHeaders ?? loaderHeaders;

const NO_STORE = { "Cache-Control": "no-store" };

/** Opening the link only shows the button: mail scanners that follow links must not confirm for the reader. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const email = await pendingConfirmation(db, params.token);
  return data({ email }, { status: email ? 200 : 404, headers: NO_STORE });
}

export async function action({ params, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  const confirmed = await confirmSubscription(db, params.token);
  return data({ confirmed }, { status: confirmed ? 200 : 404, headers: NO_STORE });
}

export default function SubscribeConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = useRootData();
  const navigation = useNavigation();
  return (
    <main id="main" className="mx-auto max-w-md px-4 pt-28 pb-16">
      <h1 className="font-bold text-4xl tracking-tight">Confirm Your Subscription</h1>
      {actionData?.confirmed ? (
        <p className="mt-4 text-muted-foreground" role="status">
          Thank you: you will hear from {settings.showName}.
        </p>
      ) : loaderData.email ? (
        <>
          <p className="mt-4 text-muted-foreground">
            Get mail from {settings.showName} at {loaderData.email}?
          </p>
          <Form method="post" className="mt-6">
            <Button type="submit" disabled={navigation.state !== "idle"}>
              Confirm
            </Button>
          </Form>
        </>
      ) : (
        <p className="mt-4 text-muted-foreground">This link is not valid, or the address is confirmed already.</p>
      )}
    </main>
  );
}
