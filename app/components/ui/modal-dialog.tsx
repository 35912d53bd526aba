import XIcon from "lucide-react/icons/x";
import type { ComponentProps, MouseEvent } from "react";
import { cn } from "~/lib/utils";

/** Whether this browser runs `commandfor` buttons itself; where it does not, a script opens the dialog. */
function supportsInvokerCommands(): boolean {
  return "command" in HTMLButtonElement.prototype;
}

/** The modal dialog with this id, when the page has it. */
export function findModalDialog(dialogId: string): HTMLDialogElement | null {
  const dialog = document.getElementById(dialogId);
  return dialog instanceof HTMLDialogElement ? dialog : null;
}

/**
 * A button's props that open (`show-modal`) or close the modal dialog `dialogId`: the platform does it
 * (`commandfor`), so it works before and without scripts; a browser without invoker commands gets the same from the
 * click handler once scripts run.
 */
export function modalDialogCommand(dialogId: string, command: "show-modal" | "close") {
  return {
    type: "button",
    commandfor: dialogId,
    command,
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      if (supportsInvokerCommands()) return;
      const dialog = findModalDialog(dialogId);
      if (command === "close") dialog?.close();
      else if (dialog && !dialog.open) dialog.showModal();
      event.preventDefault();
    },
  } as const;
}

/**
 * A modal `<dialog>` in the server's HTML: opened by a `commandfor` button (modalDialogCommand), closed by its close
 * button, Escape or a click on the backdrop (`closedby="any"`), all without scripts. The platform moves focus into
 * it, keeps it there, and gives it back to the button that opened it.
 */
export function ModalDialog({
  id,
  className,
  children,
  showCloseButton = true,
  ...props
}: ComponentProps<"dialog"> & { id: string; showCloseButton?: boolean }) {
  return (
    <dialog
      id={id}
      closedby="any"
      className={cn(
        "m-auto max-h-[85vh] w-full max-w-[calc(100%-2rem)] overflow-y-auto rounded-lg border border-border bg-background p-6 text-foreground shadow-lg backdrop:bg-black/70 sm:max-w-lg",
        className,
      )}
      {...props}
    >
      <div className="grid gap-4">{children}</div>
      {/* Last, so that a field of the dialog, when it has one, is what takes focus when the dialog opens. */}
      {showCloseButton && (
        <button
          {...modalDialogCommand(id, "close")}
          className="absolute top-4 right-4 rounded-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4"
        >
          <XIcon aria-hidden="true" />
          <span className="sr-only">Close dialog</span>
        </button>
      )}
    </dialog>
  );
}

export function ModalDialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-2 text-left", className)} {...props} />;
}

export function ModalDialogTitle({ className, ...props }: ComponentProps<"h2">) {
  return <h2 className={cn("pr-6 font-semibold text-lg leading-tight", className)} {...props} />;
}

export function ModalDialogDescription({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-muted-foreground text-sm", className)} {...props} />;
}
