import type { ComponentProps } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { Button } from "./button";

/**
 * A button whose action needs the page's scripts (a dialog, a call to the API, a file upload): rendered `disabled`
 * in the server's HTML and until React has hydrated the page, so a tap before then meets a button that says it is not
 * ready instead of one that ignores it (decision 052). A button that can post its own `<form method="post">` uses
 * `Button` instead and works before the scripts run.
 */
export function LiveButton({ disabled, ...props }: Omit<ComponentProps<typeof Button>, "asChild">) {
  const hydrated = useHydrated();
  return <Button disabled={!hydrated || disabled} {...props} />;
}
