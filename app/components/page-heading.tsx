import type { ReactNode } from "react";

/** A page's main landmark and its one h1; pages that later work fills in show just this. */
export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 pt-28 pb-16">
      <h1 className="font-bold text-4xl tracking-tight">{children}</h1>
    </main>
  );
}
