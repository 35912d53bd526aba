import { type FormEvent, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from "~/lib/staff-roles";
import type { StaffAccountView } from "../schema";

type Reply = { success: boolean; message: string };

const selectClass =
  "h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/**
 * The Staff screen (owner only): invite a person by email with a role, change a person's role, suspend or reactivate
 * them, remove them. Each change goes to the staff API and the list is read again; the server refuses what would
 * leave no active owner, and its message is shown.
 */
export function StaffPanel({ staff, currentStaffId }: { staff: StaffAccountView[]; currentStaffId: number }) {
  const emailId = useId();
  const roleId = useId();
  const [busy, setBusy] = useState(false);
  const { revalidate } = useRevalidator();

  async function send(method: "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) {
    setBusy(true);
    try {
      const reply = await sendJson<Reply>(method, url, payload);
      toast(
        reply.ok
          ? { title: "Done", description: reply.body?.message ?? "Saved" }
          : { title: "Not changed", description: reply.body?.message ?? "Please try again.", variant: "destructive" },
      );
      await revalidate();
      return reply.ok;
    } catch {
      toast({ title: "Not changed", description: "The server could not be reached.", variant: "destructive" });
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const sent = await send("POST", "/api/admin/staff", { email: fields.get("email"), role: fields.get("role") });
    if (sent) form.reset();
  }

  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby={`${emailId}-heading`} className="rounded-lg border border-border p-6">
        <h2 id={`${emailId}-heading`} className="font-semibold text-xl">
          Invite a Person
        </h2>
        <p className="mt-1 text-muted-foreground text-sm">
          They get a mail with a link to set their password; it works once, for 7 days.
        </p>
        <form onSubmit={invite} className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end">
          <div className="flex flex-1 flex-col gap-2">
            <Label htmlFor={emailId}>Email</Label>
            <Input id={emailId} name="email" type="email" required autoComplete="off" />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={roleId}>Role</Label>
            <select id={roleId} name="role" defaultValue="editor" className={selectClass}>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {STAFF_ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={busy}>
            Send Invitation
          </Button>
        </form>
      </section>

      <section aria-labelledby={`${roleId}-people`}>
        <h2 id={`${roleId}-people`} className="font-semibold text-xl">
          People
        </h2>
        <ul aria-label="Staff accounts" className="mt-4 divide-y divide-border rounded-lg border border-border">
          {staff.map((person) => (
            <li key={person.id} className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:justify-between">
              <div className="min-w-0">
                <p className="truncate font-medium">
                  {person.email}
                  {person.id === currentStaffId ? <span className="text-muted-foreground"> (you)</span> : null}
                </p>
                <p className="text-muted-foreground text-sm">
                  {STAFF_ROLE_LABELS[person.role]} ·{" "}
                  {person.status === "suspended" ? "Suspended" : person.invited ? "Invited" : "Active"}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <select
                  aria-label={`Role of ${person.email}`}
                  value={person.role}
                  disabled={busy}
                  className={selectClass}
                  onChange={(event) =>
                    send("PATCH", `/api/admin/staff/${person.id}`, { role: event.target.value as StaffRole })
                  }
                >
                  {STAFF_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {STAFF_ROLE_LABELS[role]}
                    </option>
                  ))}
                </select>
                <Button
                  type="button"
                  variant="outline"
                  disabled={busy}
                  aria-label={`${person.status === "suspended" ? "Reactivate" : "Suspend"} ${person.email}`}
                  onClick={() =>
                    send("PATCH", `/api/admin/staff/${person.id}`, {
                      status: person.status === "suspended" ? "active" : "suspended",
                    })
                  }
                >
                  {person.status === "suspended" ? "Reactivate" : "Suspend"}
                </Button>
                {person.invited && person.status === "active" ? (
                  <Button
                    type="button"
                    variant="outline"
                    disabled={busy}
                    aria-label={`Resend the invitation to ${person.email}`}
                    onClick={() => send("POST", "/api/admin/staff", { email: person.email, role: person.role })}
                  >
                    Resend Invitation
                  </Button>
                ) : null}
                <Button
                  type="button"
                  variant="destructive"
                  disabled={busy}
                  aria-label={`Remove ${person.email}`}
                  onClick={() => {
                    if (window.confirm(`Remove ${person.email}? Their sessions end at once.`)) {
                      void send("DELETE", `/api/admin/staff/${person.id}`);
                    }
                  }}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
