import { Copy, Download, RefreshCw, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { ConfirmAction } from "~/components/publishing/owner-list-panel";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { LiveButton } from "~/components/ui/live-button";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import { podcastAppLinks } from "../feed-links";
import { MemberNamesSchema } from "../schema";

type Reply = { success?: boolean; message?: string; data?: { feedUrl?: string } };

const sectionClass = "mt-8 rounded-xl border border-border bg-card p-6";

/** The member's email (fixed: it is how they sign in) and their names, which they edit here. */
export function PersonalInformationForm({
  member,
}: {
  member: { email: string | null; firstName: string | null; lastName: string | null };
}) {
  const id = useId();
  const { revalidate } = useRevalidator();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(event.currentTarget));
    const checked = MemberNamesSchema.safeParse(fields);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const reply = await sendJson<Reply>("PUT", "/api/members/profile", fields);
      if (reply.ok && reply.body?.success) {
        toast({ title: "Profile Updated", description: "Your name has been saved." });
        await revalidate();
      } else {
        toast({
          title: "Update Failed",
          description: reply.body?.message ?? "Failed to save your name",
          variant: "destructive",
        });
      }
    } catch {
      toast({ title: "Update Failed", description: "Failed to save your name", variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  const nameField = (name: "firstName" | "lastName", label: string, value: string | null) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        name={name}
        defaultValue={value ?? ""}
        autoComplete={name === "firstName" ? "given-name" : "family-name"}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      />
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="text-destructive text-sm">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <section aria-labelledby={`${id}-heading`} className={sectionClass}>
      <h2 id={`${id}-heading`} className="font-semibold text-xl">
        Personal Information
      </h2>
      <form onSubmit={(event) => void save(event)} className="mt-6 grid gap-4" noValidate>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input id={`${id}-email`} readOnly value={member.email ?? ""} placeholder="Not provided" />
          <p className="text-muted-foreground text-xs">Your email is how you sign in, so it cannot be changed here.</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {nameField("firstName", "First Name", member.firstName)}
          {nameField("lastName", "Last Name", member.lastName)}
        </div>
        <div>
          <LiveButton type="submit" disabled={saving}>
            Save Changes
          </LiveButton>
        </div>
      </form>
    </section>
  );
}

/** A paying member's private feed: its address to copy or hand to a podcast app, and a new address on demand. */
export function PrivateFeedSection({ feedUrl, premium }: { feedUrl: string; premium: boolean }) {
  const id = useId();
  const { revalidate } = useRevalidator();
  const [confirming, setConfirming] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(feedUrl);
      toast({ title: "Feed Address Copied", description: "Paste it into your podcast app to subscribe." });
    } catch {
      toast({ title: "Copy Failed", description: "Select the address and copy it yourself.", variant: "destructive" });
    }
  }

  async function regenerate() {
    setConfirming(false);
    const reply = await sendJson<Reply>("POST", "/api/members/feed").catch(() => null);
    if (reply?.ok && reply.body?.success) {
      toast({ title: "Private Feed Regenerated", description: "Add the new address to your podcast apps." });
      await revalidate();
    } else {
      toast({
        title: "Regenerate Failed",
        description: reply?.body?.message ?? "Failed to make a new address",
        variant: "destructive",
      });
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className={sectionClass}>
      <h2 id={`${id}-heading`} className="font-semibold text-xl">
        Your Private Podcast Feed
      </h2>
      <p className="mt-1 text-muted-foreground text-sm">
        {premium
          ? "Premium and early-access episodes in your own podcast app."
          : "Early-access episodes in your own podcast app."}{" "}
        This address is personal: do not share it.
      </p>
      <div className="mt-4 grid gap-1.5">
        <Label htmlFor={`${id}-url`}>Feed address</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input id={`${id}-url`} readOnly value={feedUrl} onFocus={(event) => event.currentTarget.select()} />
          <LiveButton type="button" onClick={() => void copy()}>
            <Copy aria-hidden />
            Copy Feed Address
          </LiveButton>
        </div>
      </div>
      <ul className="mt-4 flex flex-wrap gap-2" aria-label="Add to a podcast app">
        {podcastAppLinks(feedUrl).map((app) => (
          <li key={app.name}>
            <Button asChild variant="outline" size="sm">
              <a href={app.href}>Add to {app.name}</a>
            </Button>
          </li>
        ))}
      </ul>
      <LiveButton
        type="button"
        variant="ghost"
        className="mt-4 border border-border"
        onClick={() => setConfirming(true)}
      >
        <RefreshCw aria-hidden />
        Regenerate Address
      </LiveButton>
      <ConfirmAction
        open={confirming}
        title="Regenerate Your Feed Address?"
        confirmLabel="Regenerate"
        onConfirm={() => void regenerate()}
        onCancel={() => setConfirming(false)}
      >
        The current address stops working at once: every podcast app that uses it must be given the new one.
      </ConfirmAction>
    </section>
  );
}

/** The privacy policy's promises: a copy of everything stored about the member, and deleting the account. */
export function YourDataSection() {
  const id = useId();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [confirming, setConfirming] = useState(false);

  async function deleteAccount() {
    setConfirming(false);
    const reply = await sendJson<Reply>("DELETE", "/api/members/account").catch(() => null);
    if (reply?.ok && reply.body?.success) {
      toast({ title: "Account Deleted", description: "Your account and its data have been deleted." });
      await navigate("/");
      await revalidate();
    } else {
      toast({
        title: "Delete Failed",
        description: reply?.body?.message ?? "Failed to delete your account",
        variant: "destructive",
      });
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className={sectionClass}>
      <h2 id={`${id}-heading`} className="font-semibold text-xl">
        Your Data
      </h2>
      <p className="mt-1 text-muted-foreground text-sm">
        Download everything we store about you, or delete your account.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <a href="/api/members/export" download>
            <Download aria-hidden />
            Export My Data
          </a>
        </Button>
        <LiveButton type="button" variant="destructive" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden />
          Delete My Account
        </LiveButton>
      </div>
      <ConfirmAction
        open={confirming}
        title="Delete Your Account?"
        confirmLabel="Delete My Account"
        onConfirm={() => void deleteAccount()}
        onCancel={() => setConfirming(false)}
      >
        This deletes your account, your sign-ins, your private feed and your newsletter sign-up. It cannot be undone.
      </ConfirmAction>
    </section>
  );
}
