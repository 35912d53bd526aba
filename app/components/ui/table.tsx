import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

/**
 * `scrollsByKeyboard`: for a table with nothing focusable in it, whose area may scroll sideways on a narrow screen;
 * the area then takes focus, so that the arrow keys scroll it, and is named by the table's label.
 */
export function Table({
  className,
  scrollsByKeyboard = false,
  ...props
}: ComponentProps<"table"> & { scrollsByKeyboard?: boolean }) {
  return (
    <div
      className="relative w-full overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      {...(scrollsByKeyboard && { tabIndex: 0, role: "region", "aria-label": props["aria-label"] })}
    >
      <table className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("[&_tr]:border-b", className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("border-border border-b transition-colors hover:bg-muted/40", className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<"th">) {
  return (
    <th className={cn("h-11 px-3 text-left align-middle font-medium text-muted-foreground", className)} {...props} />
  );
}

export function TableCell({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("p-3 align-middle", className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<"caption">) {
  return <caption className={cn("mt-4 text-muted-foreground text-sm", className)} {...props} />;
}
