import { useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import { formatTableDateTime } from "~/lib/format-date";
import type { StaffSessionView } from "~/lib/session.server";

/** The signed-in person's own sessions: where and when each began; any can be ended, or every one but this. */
export function OwnSessions({ sessions }: { sessions: StaffSessionView[] }) {
  const [busy, setBusy] = useState(false);
  const { revalidate } = useRevalidator();

  async function end(method: "POST" | "DELETE", url: string) {
    setBusy(true);
    try {
      const reply = await sendJson<{ message: string }>(method, url);
      toast(
        reply.ok
          ? { title: "Signed Out", description: reply.body?.message ?? "Done" }
          : {
              title: "Not Signed Out",
              description: reply.body?.message ?? "Please try again.",
              variant: "destructive",
            },
      );
      await revalidate();
    } catch {
      toast({ title: "Not Signed Out", description: "The server could not be reached.", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  const others = sessions.filter((session) => !session.current).length;
  return (
    <div className="flex flex-col gap-6">
      <ul className="divide-y divide-border rounded-lg border border-border">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-col gap-2 p-4 md:flex-row md:items-center md:justify-between">
            <div className="min-w-0">
              <p className="font-medium">
                {session.userAgent ?? "Unknown browser"}
                {session.current ? <span className="text-muted-foreground"> (this browser)</span> : null}
              </p>
              <p className="text-muted-foreground text-sm">
                {session.address ?? "Unknown address"} · started{" "}
                {session.startedAt ? formatTableDateTime(session.startedAt) : "earlier"}
              </p>
            </div>
            {session.current ? null : (
              <Button
                type="button"
                variant="outline"
                disabled={busy}
                onClick={() => void end("DELETE", `/api/admin/sessions/${session.id}`)}
              >
                Sign Out
              </Button>
            )}
          </li>
        ))}
      </ul>
      <div>
        <Button
          type="button"
          variant="destructive"
          disabled={busy || others === 0}
          onClick={() => void end("POST", "/api/admin/sessions/end-others")}
        >
          Sign Out Other Sessions
        </Button>
      </div>
    </div>
  );
}
