import { useEffect } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import type { FieldErrors } from "~/lib/field-messages";
import {
  ANNOUNCEMENT_AUDIENCE_LABELS,
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_TIERS,
  type AnnouncementRow,
} from "../schema";

const selectClass =
  "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-foreground text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** While a mail is still sending, the list is read again every few seconds so that its progress moves. */
const REFRESH_MS = 3000;

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="text-destructive text-sm">
      {message}
    </p>
  ) : null;
}

type Featurable = { value: string; label: string };

/**
 * The New Email form: one plain form whose buttons name the step, so that it works without scripts. Send Now first
 * asks the server for the number of recipients and shows it for confirmation; a time to send schedules instead.
 */
export function NewEmailForm({
  values,
  errors,
  featurable,
  preview,
  confirm,
}: {
  values: Record<string, string>;
  errors: FieldErrors;
  featurable: Featurable[];
  preview?: string;
  confirm?: number;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const invalid = (field: string) =>
    errors[field] ? { "aria-invalid": true, "aria-describedby": `${field}-error` } : {};
  // A new key per answer puts the posted values back into the uncontrolled fields.
  const formKey = JSON.stringify(values);
  return (
    <Form method="post" key={formKey} className="space-y-5 rounded-lg border border-border bg-card p-6">
      <h2 className="font-semibold text-xl">New Email</h2>
      <div className="space-y-2">
        <Label htmlFor="subject">Subject</Label>
        <Input
          id="subject"
          name="subject"
          defaultValue={values.subject ?? ""}
          maxLength={200}
          {...invalid("subject")}
        />
        <FieldError id="subject-error" message={errors.subject} />
      </div>
      <div className="space-y-2">
        <Label htmlFor="message">Message</Label>
        <Textarea id="message" name="message" rows={10} defaultValue={values.message ?? ""} {...invalid("message")} />
        <p className="text-muted-foreground text-xs">Markdown: **bold**, *italic*, [a link](https://…), lists.</p>
        <FieldError id="message-error" message={errors.message} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="recipients">Recipients</Label>
          <select
            id="recipients"
            name="recipients"
            className={selectClass}
            defaultValue={values.recipients ?? "launch"}
          >
            {ANNOUNCEMENT_AUDIENCES.map((audience) => (
              <option key={audience} value={audience}>
                {ANNOUNCEMENT_AUDIENCE_LABELS[audience]}
              </option>
            ))}
          </select>
          <FieldError id="recipients-error" message={errors.recipients} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="tier">Tier (for Members of a Tier)</Label>
          <select id="tier" name="tier" className={selectClass} defaultValue={values.tier ?? ""} {...invalid("tier")}>
            <option value="">None</option>
            {ANNOUNCEMENT_TIERS.map((tier) => (
              <option key={tier} value={tier}>
                {tier[0].toUpperCase() + tier.slice(1)}
              </option>
            ))}
          </select>
          <FieldError id="tier-error" message={errors.tier} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="featured">Featured Episode or Post (optional)</Label>
          <select
            id="featured"
            name="featured"
            className={selectClass}
            defaultValue={values.featured ?? ""}
            {...invalid("featured")}
          >
            <option value="">None</option>
            {featurable.map((item) => (
              <option key={item.value} value={item.value}>
                {item.label}
              </option>
            ))}
          </select>
          <FieldError id="featured-error" message={errors.featured} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="sendAt">Send At (UTC, optional)</Label>
          <Input
            id="sendAt"
            name="sendAt"
            type="datetime-local"
            defaultValue={values.sendAt ?? ""}
            {...invalid("sendAt")}
          />
          <FieldError id="sendAt-error" message={errors.sendAt} />
        </div>
      </div>
      <div className="flex items-center gap-2">
        <input
          id="publish"
          name="publish"
          type="checkbox"
          defaultChecked={values.publish === "on"}
          className="size-4"
        />
        <Label htmlFor="publish">Publish on the site (in the Briefing's archive)</Label>
      </div>
      <FieldError id="form-error" message={errors.form} />
      {confirm !== undefined ? (
        <div role="alert" className="space-y-3 rounded-md border border-primary p-4">
          <p className="font-medium">
            Send this email to {confirm} {confirm === 1 ? "recipient" : "recipients"} now?
          </p>
          <div className="flex gap-2">
            <Button type="submit" name="intent" value="send" disabled={busy}>
              Send to {confirm} {confirm === 1 ? "Recipient" : "Recipients"}
            </Button>
            <Button type="submit" name="intent" value="preview" variant="outline" disabled={busy}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="preview" variant="outline" disabled={busy}>
            Preview
          </Button>
          <Button type="submit" name="intent" value="test" variant="outline" disabled={busy}>
            Send Test to Me
          </Button>
          <Button type="submit" name="intent" value="confirm" disabled={busy}>
            {values.sendAt ? "Schedule" : "Send Now"}
          </Button>
        </div>
      )}
      {preview !== undefined && (
        <section aria-label="Preview" className="rounded-md border border-border p-4">
          <h3 className="mb-2 font-medium text-muted-foreground text-sm">Preview</h3>
          {/* Rendered on the server through the site's allow-list sanitiser, as insight articles are. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server */}
          <div className="prose prose-sm max-w-none dark:prose-invert" dangerouslySetInnerHTML={{ __html: preview }} />
        </section>
      )}
    </Form>
  );
}

const when = (iso: string | null) => (iso ? new Date(iso).toUTCString().replace(" GMT", " UTC") : "");

/** The announcements with their queue's counts; a progress bar while one is sending. */
export function SentEmails({ announcements }: { announcements: AnnouncementRow[] }) {
  const revalidator = useRevalidator();
  const sending = announcements.some((mail) => mail.queuedAt && mail.counts.queued > 0);
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [sending, revalidator]);
  if (announcements.length === 0) return <p className="text-muted-foreground">No emails sent yet</p>;
  return (
    <ul className="space-y-3">
      {announcements.map((mail) => {
        const { counts } = mail;
        const done = counts.sent + counts.failed + counts.suppressed;
        return (
          <li key={mail.id} className="space-y-2 rounded-lg border border-border bg-card p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-medium">{mail.subject}</h3>
              <span className="text-muted-foreground text-sm">
                {mail.queuedAt ? `Sent ${when(mail.queuedAt)}` : `Scheduled for ${when(mail.sendAt)}`}
              </span>
            </div>
            <p className="text-muted-foreground text-sm">
              To {ANNOUNCEMENT_AUDIENCE_LABELS[mail.recipients]}
              {mail.tier ? ` (${mail.tier})` : ""}
              {mail.published ? (
                <>
                  {" · "}
                  <Link className="underline" to={`/briefing/${mail.id}`}>
                    On the site
                  </Link>
                </>
              ) : null}
            </p>
            {mail.queuedAt && (
              <>
                <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
                  <div>
                    <dt className="inline text-muted-foreground">Queued: </dt>
                    <dd className="inline">{counts.queued}</dd>
                  </div>
                  <div>
                    <dt className="inline text-muted-foreground">Sent: </dt>
                    <dd className="inline">{counts.sent}</dd>
                  </div>
                  <div>
                    <dt className="inline text-muted-foreground">Failed: </dt>
                    <dd className="inline">{counts.failed + counts.suppressed}</dd>
                  </div>
                  <div>
                    <dt className="inline text-muted-foreground">Unsubscribed since: </dt>
                    <dd className="inline">{counts.unsubscribed}</dd>
                  </div>
                </dl>
                {counts.queued > 0 && (
                  <progress
                    className="h-2 w-full"
                    value={done}
                    max={counts.total}
                    aria-label={`${mail.subject}: ${done} of ${counts.total} sent`}
                  />
                )}
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
