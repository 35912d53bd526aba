import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useHydrated } from "./use-hydrated";

/**
 * A menu button and its panel as the platform's popover (`popover="auto"`), so that the button opens it and Escape or
 * a click outside closes it with or without scripts. With scripts: `open` follows the panel (for aria-expanded and the
 * icon), the panel's `focusOnOpen` element takes focus when it opens, a new page closes it, and `close` (for a link
 * chosen in the page) closes it and gives focus back to the button.
 */
export function usePopoverMenu(focusOnOpen: (panel: HTMLElement) => HTMLElement | null | undefined) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const { pathname } = useLocation();
  const [shownPathname, setShownPathname] = useState(pathname);
  if (pathname !== shownPathname) {
    setShownPathname(pathname);
    setOpen(false);
  }

  const focusTarget = useRef(focusOnOpen);
  focusTarget.current = focusOnOpen;
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    if (open) focusTarget.current(panel)?.focus();
    else if (panel.matches(":popover-open")) panel.hidePopover();
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return {
    open,
    close,
    buttonProps: {
      ref: buttonRef,
      // Without scripts the browser reports the popover's state itself; a fixed attribute would contradict it.
      "aria-expanded": hydrated ? open : undefined,
      "aria-controls": panelId,
      popoverTarget: panelId,
    },
    panelProps: {
      id: panelId,
      ref: panelRef,
      popover: "auto" as const,
      onToggle: (event: { newState: string }) => setOpen(event.newState === "open"),
    },
  };
}
