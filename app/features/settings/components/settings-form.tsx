import { type FormEvent, type ReactNode, useState } from "react";
import { FormField } from "~/components/form-field";
import { TitledCard } from "~/components/titled-card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { LiveButton } from "~/components/ui/live-button";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import {
  APPLICANT_MAIL_KINDS,
  type ApplicantMailKind,
  type ListenPlatform,
  type SiteSettings,
  WEEKDAYS,
} from "~/lib/site-config";
import {
  type OwnerSettings,
  PODCAST_TYPES,
  SETTINGS_SAVED_MESSAGE,
  SettingsSaveSchema,
  SOCIAL_PLATFORMS,
} from "../settings-schema";

type Reply = { success?: boolean; message?: string; errors?: Record<string, string[]>; data?: OwnerSettings };

const SOCIAL_NAMES: Record<(typeof SOCIAL_PLATFORMS)[number], string> = {
  twitter: "X (Twitter)",
  youtube: "YouTube",
  linkedin: "LinkedIn",
  instagram: "Instagram",
  bluesky: "Bluesky",
  tiktok: "TikTok",
  facebook: "Facebook",
};

/** Platforms are edited one a line as "Label | https://address"; the id is the label as lower-case words. */
const platformLines = (platforms: ListenPlatform[]) =>
  platforms.map(({ label, url }) => `${label} | ${url}`).join("\n");

function parsePlatformLines(text: string, known: ListenPlatform[]): ListenPlatform[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const split = line.lastIndexOf("|");
      const label = (split === -1 ? line : line.slice(0, split)).trim();
      const url = split === -1 ? "" : line.slice(split + 1).trim();
      const id =
        known.find((platform) => platform.label === label)?.id ??
        (label.toLowerCase().match(/[a-z0-9]+/g) ?? ["platform"]).join("-");
      return { id, label, url };
    });
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "");
const wholeNumberOrText = (value: string) => (/^\s*\d+\s*$/.test(value) ? Number(value) : value);

/** The form's fields as the settings schema's input (the API parses the same object). */
function readSettings(form: FormData, current: SiteSettings, version: number) {
  return {
    version,
    showName: text(form, "showName"),
    hostName: text(form, "hostName"),
    hostBio: text(form, "hostBio")
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean),
    tagline: text(form, "tagline"),
    linksTagline: text(form, "linksTagline"),
    description: text(form, "description"),
    launchNote: text(form, "launchNote"),
    social: SOCIAL_PLATFORMS.flatMap((platform) => {
      const url = text(form, `social.${platform}`).trim();
      return url ? [{ platform, label: SOCIAL_NAMES[platform], url }] : [];
    }),
    listenOn: parsePlatformLines(text(form, "listenOn"), current.listenOn),
    linksPageListenOn: parsePlatformLines(text(form, "linksPageListenOn"), current.linksPageListenOn),
    newsletter: { name: text(form, "newsletter.name"), url: text(form, "newsletter.url") },
    schedule: {
      frequency: text(form, "schedule.frequency"),
      usualDay: text(form, "schedule.usualDay"),
      typicalMinutes: wholeNumberOrText(text(form, "schedule.typicalMinutes")),
      contentRating: text(form, "schedule.contentRating"),
    },
    businessHours: {
      firstDay: text(form, "businessHours.firstDay"),
      lastDay: text(form, "businessHours.lastDay"),
      opens: text(form, "businessHours.opens"),
      closes: text(form, "businessHours.closes"),
    },
    podcastFeed: {
      language: text(form, "podcastFeed.language"),
      category: {
        name: text(form, "podcastFeed.category.name"),
        subcategory: text(form, "podcastFeed.category.subcategory"),
      },
      explicit: form.get("podcastFeed.explicit") === "on",
      type: text(form, "podcastFeed.type"),
      owner: { name: text(form, "podcastFeed.owner.name"), email: text(form, "podcastFeed.owner.email") },
      copyright: text(form, "podcastFeed.copyright"),
    },
    membership: { paymentGraceDays: wholeNumberOrText(text(form, "membership.paymentGraceDays")) },
    activityLog: { retentionDays: wholeNumberOrText(text(form, "activityLog.retentionDays")) },
    feedHome: {
      locked: form.get("feedHome.locked") === "on",
      newFeedUrl: text(form, "feedHome.newFeedUrl"),
      redirect: form.get("feedHome.redirect") === "on",
    },
    audienceMail: {
      newEpisodes: form.get("audienceMail.newEpisodes") === "on",
      newInsights: form.get("audienceMail.newInsights") === "on",
    },
    postalAddress: text(form, "postalAddress"),
    launchListDoubleOptIn: form.get("launchListDoubleOptIn") === "on",
    applicantMail: {
      approved: applicantMailOf(form, "approved"),
      scheduled: applicantMailOf(form, "scheduled"),
      rejected: applicantMailOf(form, "rejected"),
    },
  };
}

const applicantMailOf = (form: FormData, kind: ApplicantMailKind) => ({
  send: form.get(`applicantMail.${kind}.send`) === "on",
  text: text(form, `applicantMail.${kind}.text`),
});

const APPLICANT_MAIL_LABELS: Record<ApplicantMailKind, string> = {
  approved: "Accepted",
  scheduled: "Scheduled",
  rejected: "Declined",
};

/** A group of settings, its fields two to a row on wider screens. */
function Group({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <TitledCard title={title} description={description} className="grid gap-4 sm:grid-cols-2">
      {children}
    </TitledCard>
  );
}

const selectClassName =
  "h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/**
 * The Settings screen's form: every value the public site shows about the show. A save names the version the form
 * opened; a save from another tab since then is refused with the conflict message instead of overwriting.
 */
export function SettingsForm({ initial }: { initial: OwnerSettings }) {
  const [version, setVersion] = useState(initial.version);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const s = initial.settings;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = SettingsSaveSchema.safeParse(readSettings(new FormData(event.currentTarget), s, version));
    if (!checked.success) {
      toast({ title: "Error", description: checked.error.issues[0].message, variant: "destructive" });
      return;
    }
    setSaving(true);
    try {
      const reply = await sendJson<Reply>("PUT", "/api/admin/settings", checked.data);
      if (reply.ok && reply.body?.data) {
        setVersion(reply.body.data.version);
        toast({ title: SETTINGS_SAVED_MESSAGE, description: "The public site shows the new settings from now on." });
        return;
      }
      const message = reply.body?.message ?? "The settings could not be saved. Please try again.";
      if (reply.status === 409) setConflict(message);
      toast({ title: "Error", description: message, variant: "destructive" });
    } catch {
      toast({
        title: "Error",
        description: "The server could not be reached. Please try again.",
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Settings" className="grid gap-6">
      {conflict ? (
        <div role="alert" className="rounded-md border border-destructive p-4 text-sm">
          <p>{conflict}</p>
          <LiveButton
            type="button"
            variant="outline"
            size="sm"
            className="mt-2"
            onClick={() => window.location.reload()}
          >
            Reload
          </LiveButton>
        </div>
      ) : null}
      <Group title="The show" description="What every page, the feed and the search results say about the show.">
        <FormField label="Show name">
          {(props) => <Input {...props} name="showName" defaultValue={s.showName} />}
        </FormField>
        <FormField label="Host">{(props) => <Input {...props} name="hostName" defaultValue={s.hostName} />}</FormField>
        <FormField label="Tagline">{(props) => <Input {...props} name="tagline" defaultValue={s.tagline} />}</FormField>
        <FormField label="Links page tagline">
          {(props) => <Input {...props} name="linksTagline" defaultValue={s.linksTagline} />}
        </FormField>
        <FormField label="Launch note">
          {(props) => <Input {...props} name="launchNote" defaultValue={s.launchNote} />}
        </FormField>
        <div className="sm:col-span-2">
          <FormField label="Description">
            {(props) => <Textarea {...props} name="description" rows={3} defaultValue={s.description} />}
          </FormField>
        </div>
        <div className="sm:col-span-2">
          <FormField label="Host bio" hint="Separate paragraphs with an empty line.">
            {(props) => <Textarea {...props} name="hostBio" rows={6} defaultValue={s.hostBio.join("\n\n")} />}
          </FormField>
        </div>
      </Group>

      <Group
        title="Social profiles"
        description="Shown in the header, the footer and the links page; leave empty to hide."
      >
        {SOCIAL_PLATFORMS.map((platform) => (
          <FormField key={platform} label={`${SOCIAL_NAMES[platform]} profile`}>
            {(props) => (
              <Input
                {...props}
                type="url"
                name={`social.${platform}`}
                defaultValue={s.social.find((profile) => profile.platform === platform)?.url ?? ""}
              />
            )}
          </FormField>
        ))}
      </Group>

      <Group title="Listening platforms" description="One a line, as: Name | https://address">
        <FormField label="Footer's Listen On">
          {(props) => <Textarea {...props} name="listenOn" rows={6} defaultValue={platformLines(s.listenOn)} />}
        </FormField>
        <FormField label="Links page's Listen On">
          {(props) => (
            <Textarea {...props} name="linksPageListenOn" rows={6} defaultValue={platformLines(s.linksPageListenOn)} />
          )}
        </FormField>
      </Group>

      <Group
        title="Newsletter"
        description="Until an address is set, the site's own subscribe form stands in for the frame."
      >
        <FormField label="Newsletter name">
          {(props) => <Input {...props} name="newsletter.name" defaultValue={s.newsletter.name} />}
        </FormField>
        <FormField label="Newsletter address" hint="The publication's https address on the newsletter platform.">
          {(props) => <Input {...props} type="url" name="newsletter.url" defaultValue={s.newsletter.url ?? ""} />}
        </FormField>
      </Group>

      <Group title="Release schedule" description="The podcast page states it; the structured data repeats it.">
        <FormField label="Frequency">
          {(props) => <Input {...props} name="schedule.frequency" defaultValue={s.schedule.frequency} />}
        </FormField>
        <FormField label="Usual release day">
          {(props) => (
            <select {...props} name="schedule.usualDay" defaultValue={s.schedule.usualDay} className={selectClassName}>
              {WEEKDAYS.map((day) => (
                <option key={day}>{day}</option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Typical length in minutes">
          {(props) => (
            <Input
              {...props}
              inputMode="numeric"
              name="schedule.typicalMinutes"
              defaultValue={s.schedule.typicalMinutes}
            />
          )}
        </FormField>
        <FormField label="Content rating">
          {(props) => <Input {...props} name="schedule.contentRating" defaultValue={s.schedule.contentRating} />}
        </FormField>
      </Group>

      <Group title="Answering hours" description="The contact page states them; the structured data repeats them.">
        {(["firstDay", "lastDay"] as const).map((field) => (
          <FormField key={field} label={field === "firstDay" ? "From" : "To"}>
            {(props) => (
              <select
                {...props}
                name={`businessHours.${field}`}
                defaultValue={s.businessHours[field]}
                className={selectClassName}
              >
                {WEEKDAYS.map((day) => (
                  <option key={day}>{day}</option>
                ))}
              </select>
            )}
          </FormField>
        ))}
        <FormField label="Opens at">
          {(props) => <Input {...props} type="time" name="businessHours.opens" defaultValue={s.businessHours.opens} />}
        </FormField>
        <FormField label="Closes at">
          {(props) => (
            <Input {...props} type="time" name="businessHours.closes" defaultValue={s.businessHours.closes} />
          )}
        </FormField>
      </Group>

      <Group title="Podcast feed" description="What podcast directories read from /podcast.xml.">
        <FormField label="Category" hint="From Apple Podcasts' category list.">
          {(props) => <Input {...props} name="podcastFeed.category.name" defaultValue={s.podcastFeed.category.name} />}
        </FormField>
        <FormField label="Subcategory">
          {(props) => (
            <Input
              {...props}
              name="podcastFeed.category.subcategory"
              defaultValue={s.podcastFeed.category.subcategory}
            />
          )}
        </FormField>
        <FormField label="Feed owner's name">
          {(props) => <Input {...props} name="podcastFeed.owner.name" defaultValue={s.podcastFeed.owner.name} />}
        </FormField>
        <FormField label="Feed owner's email" hint="Directories verify ownership by mailing it.">
          {(props) => (
            <Input {...props} type="email" name="podcastFeed.owner.email" defaultValue={s.podcastFeed.owner.email} />
          )}
        </FormField>
        <FormField label="Language" hint="A code such as en or en-GB.">
          {(props) => <Input {...props} name="podcastFeed.language" defaultValue={s.podcastFeed.language} />}
        </FormField>
        <FormField label="Copyright">
          {(props) => <Input {...props} name="podcastFeed.copyright" defaultValue={s.podcastFeed.copyright} />}
        </FormField>
        <FormField label="Show type">
          {(props) => (
            <select {...props} name="podcastFeed.type" defaultValue={s.podcastFeed.type} className={selectClassName}>
              {PODCAST_TYPES.map((type) => (
                <option key={type}>{type}</option>
              ))}
            </select>
          )}
        </FormField>
        <div className="flex items-center gap-2 self-end pb-2">
          <input
            id="settings-explicit"
            type="checkbox"
            name="podcastFeed.explicit"
            defaultChecked={s.podcastFeed.explicit}
          />
          <Label htmlFor="settings-explicit">Explicit content</Label>
        </div>
      </Group>

      <Group
        title="Moving the Feed"
        description="Whether other hosts may import the feed, and where the show moved if it leaves this site."
      >
        <div className="flex items-center gap-2 sm:col-span-2">
          <input id="settings-feed-locked" type="checkbox" name="feedHome.locked" defaultChecked={s.feedHome.locked} />
          <Label htmlFor="settings-feed-locked">
            Lock the feed (podcast:locked, with the feed owner's email): other hosts refuse to import it
          </Label>
        </div>
        <FormField
          label="Move the show: new feed address"
          hint="The feed announces it to listeners' apps (itunes:new-feed-url). Leave empty while the show stays."
        >
          {(props) => (
            <Input {...props} type="url" name="feedHome.newFeedUrl" defaultValue={s.feedHome.newFeedUrl ?? ""} />
          )}
        </FormField>
        <div className="flex items-center gap-2 self-end pb-2">
          <input
            id="settings-feed-redirect"
            type="checkbox"
            name="feedHome.redirect"
            defaultChecked={s.feedHome.redirect}
          />
          <Label htmlFor="settings-feed-redirect">
            I confirm the move: /podcast.xml redirects (301) to the new address
          </Label>
        </div>
      </Group>

      <Group title="Membership" description="How paid memberships behave.">
        <FormField label="Grace period after a failed payment (days)" hint="0 to 60 days.">
          {(props) => (
            <Input
              {...props}
              inputMode="numeric"
              name="membership.paymentGraceDays"
              defaultValue={s.membership.paymentGraceDays}
            />
          )}
        </FormField>
      </Group>

      <Group title="Activity Log" description="What the admin area's activity log keeps.">
        <FormField label="Activity log retention (days)" hint="30 to 3650 days; older entries are removed.">
          {(props) => (
            <Input
              {...props}
              inputMode="numeric"
              name="activityLog.retentionDays"
              defaultValue={s.activityLog.retentionDays}
            />
          )}
        </FormField>
      </Group>

      <Group
        title="Audience Mail"
        description="Mail to launch-list and Briefing subscribers and members when something new becomes public."
      >
        <div className="flex items-center gap-2">
          <input
            id="settings-mail-episodes"
            type="checkbox"
            name="audienceMail.newEpisodes"
            defaultChecked={s.audienceMail.newEpisodes}
          />
          <Label htmlFor="settings-mail-episodes">Mail new episodes</Label>
        </div>
        <div className="flex items-center gap-2">
          <input
            id="settings-mail-insights"
            type="checkbox"
            name="audienceMail.newInsights"
            defaultChecked={s.audienceMail.newInsights}
          />
          <Label htmlFor="settings-mail-insights">Mail new insights</Label>
        </div>
        <div className="flex items-center gap-2">
          <input
            id="settings-double-opt-in"
            type="checkbox"
            name="launchListDoubleOptIn"
            defaultChecked={s.launchListDoubleOptIn}
          />
          <Label htmlFor="settings-double-opt-in">
            Ask new launch-list subscribers to confirm by mail (double opt-in)
          </Label>
        </div>
        <FormField
          label="Postal Address"
          hint="Optional: shown at the foot of every mail to subscribers and members, as anti-spam laws ask."
        >
          {(props) => (
            <Textarea {...props} name="postalAddress" rows={3} maxLength={300} defaultValue={s.postalAddress} />
          )}
        </FormField>
      </Group>

      <Group
        title="Applicant Mail"
        description="The mail a guest applicant gets when you accept, schedule or decline their application. {name} is their name, {show} the show's."
      >
        {APPLICANT_MAIL_KINDS.map((kind) => (
          <div key={kind} className="space-y-2 sm:col-span-2">
            <div className="flex items-center gap-2">
              <input
                id={`settings-applicant-${kind}`}
                type="checkbox"
                name={`applicantMail.${kind}.send`}
                defaultChecked={s.applicantMail[kind].send}
              />
              <Label htmlFor={`settings-applicant-${kind}`}>
                Mail the applicant when {APPLICANT_MAIL_LABELS[kind]}
              </Label>
            </div>
            <FormField label={`${APPLICANT_MAIL_LABELS[kind]} text`}>
              {(props) => (
                <Textarea
                  {...props}
                  name={`applicantMail.${kind}.text`}
                  rows={4}
                  maxLength={4000}
                  defaultValue={s.applicantMail[kind].text}
                />
              )}
            </FormField>
          </div>
        ))}
      </Group>

      <div>
        <LiveButton type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save Settings"}
        </LiveButton>
      </div>
    </form>
  );
}
