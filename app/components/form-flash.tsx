import type { FormFlash } from "~/lib/form-flash";
import { cn } from "~/lib/utils";

/**
 * The toast of a form the server answered (posted before or without JavaScript): rendered into the page where the
 * toasts appear and looking like one, announced as a status, or as an alert for a refusal.
 */
export function FormFlashMessage({ flash }: { flash: FormFlash }) {
  const destructive = flash.variant === "destructive";
  return (
    <div className="pointer-events-none fixed top-0 z-[100] flex w-full flex-col p-4 md:top-auto md:right-0 md:bottom-0 md:max-w-[420px]">
      <div
        role={destructive ? "alert" : "status"}
        className={cn(
          "pointer-events-auto grid w-full gap-1 rounded-md border p-6 shadow-lg",
          destructive
            ? "border-destructive bg-destructive text-destructive-foreground"
            : "border-border bg-card text-card-foreground",
        )}
      >
        <p className="font-semibold text-sm">{flash.title}</p>
        <p className="text-sm">{flash.description}</p>
      </div>
    </div>
  );
}
