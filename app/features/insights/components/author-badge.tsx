import { cn } from "~/lib/utils";
import { authorInitial } from "../schema";

/** The author's initial in a circle, followed by the name. */
export function AuthorBadge({ name, className }: { name: string; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2 text-sm", className)}>
      <span
        aria-hidden
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
      >
        {authorInitial(name)}
      </span>
      <span>{name}</span>
    </span>
  );
}
