// React passes these attributes through to the document, but its types do not name them yet: invoker commands
// (a button that opens or closes a dialog or popover without a script) and a dialog's light dismiss.
import "react";

declare module "react" {
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close" | "toggle-popover" | "show-popover" | "hide-popover";
  }
  interface DialogHTMLAttributes<T> {
    closedby?: "any" | "closerequest" | "none";
  }
}
