import type { ReactNode } from "react";

/** Spec sections 2 and 9: every legal page carries this date. */
const LEGAL_PAGES_LAST_UPDATED = "May 14, 2025";

/** A legal page: its title, the date it was last updated, and its sections; it fades in unless motion is reduced. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 pt-28 pb-20 motion-safe:animate-page-fade-in">
      <h1 className="font-bold text-4xl tracking-tight">{title}</h1>
      <p className="mt-3 text-muted-foreground">Last Updated {LEGAL_PAGES_LAST_UPDATED}</p>
      <div className="mt-10 space-y-10 leading-relaxed">{children}</div>
    </main>
  );
}

export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
      <h2 id={id} className="font-semibold text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
