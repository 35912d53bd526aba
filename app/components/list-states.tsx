import { AlertTriangle, RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";

/** Placeholder rows while a list is fetched again (spec section 9 gives each list its row count). */
export function ListSkeleton({ rows, label }: { rows: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <Skeleton key={index} data-testid="skeleton-row" className="h-12 w-full" />
      ))}
    </div>
  );
}

export function ErrorState({
  title,
  description,
  retryLabel,
  onRetry,
}: {
  title: string;
  description?: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-red-400/50 p-8 text-center">
      <AlertTriangle className="size-8 text-red-300" aria-hidden />
      <p className="font-semibold text-lg">{title}</p>
      {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
      <Button variant="outline" onClick={onRetry}>
        <RefreshCw aria-hidden />
        {retryLabel}
      </Button>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-border border-dashed p-8 text-center">
      <p className="font-medium text-lg">{title}</p>
      {children}
    </div>
  );
}
