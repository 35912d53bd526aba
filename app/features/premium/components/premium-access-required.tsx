import { Lock } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** What a member without the premium tier sees instead of premium content (spec sections 2 and 6). */
export function PremiumAccessRequired() {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 pt-28 pb-16">
      <section className="flex flex-col items-center gap-4 rounded-xl border border-border bg-card p-8 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-secondary">
          <Lock className="size-6 text-primary" aria-hidden="true" />
        </span>
        <h1 className="font-bold text-3xl tracking-tight">Premium Access Required</h1>
        <p className="max-w-md text-muted-foreground">
          This content is available to Premium members. Upgrade your membership to unlock exclusive episodes,
          downloadable resources and virtual events.
        </p>
        <div className="mt-2 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to="/members/upgrade">Upgrade to Premium</Link>
          </Button>
          <Button asChild variant="ghost" className="border border-border">
            <Link to="/members/dashboard">Back to Dashboard</Link>
          </Button>
        </div>
      </section>
    </main>
  );
}
