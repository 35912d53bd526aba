import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { cn } from "~/lib/utils";

/** Spec section 9: tooltips open after 700 ms; moving between triggers within 300 ms skips the delay. */
const OPEN_DELAY_MS = 700;
const SKIP_DELAY_MS = 300;

/** When the last tooltip closed, shared by every trigger so that moving from one to the next skips the delay. */
let lastClosedAt = Number.NEGATIVE_INFINITY;

/**
 * A label shown under its trigger while a mouse rests on it or it has keyboard focus; Escape or a press hides it. The
 * header's two icon links are its only users, and Radix's tooltip with its positioning engine was a fifth of the
 * home page's script for them (docs/decisions/044-page-code-budget.md). The trigger keeps its own accessible name;
 * the tooltip repeats it for sighted mouse users.
 */
export function Tooltip({ content, children }: { content: string; children: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (delay: number) => {
    clearTimeout(timer.current);
    if (delay <= 0) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = Date.now();
      return false;
    });
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only listens; its child link is the control.
    <span
      className="relative inline-flex"
      onPointerEnter={(event) => {
        if (event.pointerType !== "touch") show(Date.now() - lastClosedAt < SKIP_DELAY_MS ? 0 : OPEN_DELAY_MS);
      }}
      onPointerLeave={hide}
      onPointerDown={hide}
      onFocus={(event) => {
        if (event.target.matches(":focus-visible")) show(0);
      }}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === "Escape") hide();
      }}
    >
      {children}
      {open && (
        <span
          id={id}
          role="tooltip"
          className={cn(
            "-translate-x-1/2 pointer-events-none absolute top-full left-1/2 z-[70] mt-1.5 whitespace-nowrap rounded-md border border-border",
            "bg-popover px-3 py-1.5 text-popover-foreground text-xs shadow-md",
          )}
        >
          {content}
        </span>
      )}
    </span>
  );
}
