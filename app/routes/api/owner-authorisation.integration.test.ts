import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { callRoute } from "#tests/setup/call-route";
import { openTestMediaStorage, type TestMediaStorage } from "#tests/setup/media-storages";
import {
  insertApplication,
  insertContact,
  insertEpisode,
  insertPodcastEpisode,
  insertSeries,
  insertSubscriber,
} from "#tests/setup/owner-fixtures";
import { signInMember, signInOwner, signInStaff } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import {
  activityLog,
  audienceMails,
  contactReplies,
  contacts,
  contentEpisodes,
  contentSeries,
  feedImports,
  guestApplications,
  hostStories,
  insightPosts,
  mailSuppressions,
  memberEvents,
  memberResources,
  podcastEpisodes,
  siteSettings,
  staffAccounts,
  subscribers,
  users,
} from "~/db/schema";
import { sampleStoryRows } from "~/features/stories/stories.server";
import { defaultSiteSettings } from "~/lib/site-config";
import { STAFF_ROLES, type StaffRole } from "~/lib/staff-roles";
import { api } from "~/routes/api/calls.server";
import * as activityPage from "../admin/activity";
import * as analyticsPage from "../admin/analytics";
import * as contactsPage from "../admin/contacts";
import * as contentCalendarPage from "../admin/content-calendar";
import * as emailPage from "../admin/email";
import * as episodeEditorPage from "../admin/episode-editor";
import * as episodesPage from "../admin/episodes";
import * as eventsPage from "../admin/events";
import * as importPage from "../admin/import";
import * as insightEditorPage from "../admin/insight-editor";
import * as insightsPage from "../admin/insights";
import * as membersPage from "../admin/members";
import * as resourcesPage from "../admin/resources";
import * as sessionsPage from "../admin/sessions";
import * as settingsPage from "../admin/settings";
import * as staffPage from "../admin/staff";
import * as storiesPage from "../admin/stories";
import * as storyEditorPage from "../admin/story-editor";
import * as subscribersPage from "../admin/subscribers";

let database: TestDatabase;
let databaseOpen = false;
let media: TestMediaStorage;
let artworkJpeg: Buffer;
const ids = {
  contact: 0,
  application: 0,
  subscriber: 0,
  series: 0,
  episode: 0,
  podcastEpisode: 0,
  story: 0,
  event: 0,
  resource: 0,
  staff: 0,
  feedImport: 0,
};
let memberId = "";
const INSIGHT_ID = "authorisation-post";
/** A suppressed address, which the owner's lift removes. */
const SUPPRESSED = "bounced@example.com";
const insightBody = () => ({ title: "A new post", excerpt: "Its excerpt.", category: "Tests", authorName: "Owner" });
const coverForm = () => {
  const form = new FormData();
  form.append("alt", "A test pattern");
  form.append("cover", new File([new Uint8Array(artworkJpeg)], "cover.jpg", { type: "image/jpeg" }));
  return form;
};

/** A fresh database with one row of each kind the calls name. */
async function freshDatabase() {
  if (databaseOpen) await database.close();
  databaseOpen = true;
  database = await createTestDatabase();
  ids.contact = (await insertContact(database.db)).id;
  ids.application = (await insertApplication(database.db)).id;
  ids.subscriber = (await insertSubscriber(database.db)).id;
  ids.series = (await insertSeries(database.db)).id;
  ids.episode = (await insertEpisode(database.db, ids.series)).id;
  ids.podcastEpisode = (await insertPodcastEpisode(database.db)).id;
  memberId = (await signInMember(database.db, "basic", { email: "listed-member@example.com" })).id;
  await database.db.insert(insightPosts).values({
    id: INSIGHT_ID,
    slug: INSIGHT_ID,
    title: "A draft post",
    excerpt: "Its excerpt.",
    category: "Tests",
    authorName: "Owner",
  });
  ids.event = (await database.db.select().from(memberEvents))[0].id;
  ids.resource = (await database.db.select().from(memberResources))[0].id;
  ids.story = (await database.db.insert(hostStories).values(sampleStoryRows().slice(0, 1)).returning())[0].id;
  ids.staff = (await signInStaff(database.db, "support", "listed-staff@example.com")).id;
  await database.db.insert(mailSuppressions).values({ email: SUPPRESSED, reason: "550 No such mailbox" });
  ids.feedImport = (
    await database.db
      .insert(feedImports)
      .values({ feedUrl: "https://old-host.example/feed.xml", show: { showName: "The Old Show" } })
      .returning()
  )[0].id;
}

beforeAll(async () => {
  media = await openTestMediaStorage("disk");
  artworkJpeg = await sharp({ create: { width: 1400, height: 1400, channels: 3, background: "#445566" } })
    .jpeg()
    .toBuffer();
  await freshDatabase();
});
afterAll(async () => {
  await database.close();
  await media.close();
});

type OwnerCall = {
  name: string;
  method: string;
  path: () => string;
  body?: () => unknown;
  /** The owner's answer when it is not 201 (a POST with a body) or 200. */
  ownerStatus?: number;
  /** A multipart form (the uploads), sent instead of a JSON body. */
  form?: () => FormData;
};

const fileForm = (field: string, bytes: () => Buffer, name: string, type: string) => () => {
  const form = new FormData();
  form.append(field, new File([new Uint8Array(bytes())], name, { type }));
  return form;
};
const fixture = (name: string) => () => readFileSync(`tests/fixtures/media/${name}`);

const episodeBody = () => ({
  title: "A new episode",
  description: "Ten characters at least.",
  episodeNumber: 2,
  status: "planning",
  scheduledDate: null,
});

/**
 * An owner call named as the spec names it ("PATCH /api/contacts/{id}/archive"): its method and address come from the
 * name, the row's id fills `{id}` and the route's `id` parameter, and `query` is sent after the address.
 */
function ownerCall(
  name: string,
  options: Pick<OwnerCall, "body" | "ownerStatus" | "form"> & {
    id?: () => number | string;
    query?: string;
  } = {},
): OwnerCall {
  const [method, address] = name.split(" ");
  const { id, query, ...rest } = options;
  return {
    name,
    method,
    path: () => `${id ? address.replace("{id}", String(id())) : address}${query ? `?${query}` : ""}`,
    ...rest,
  };
}

const eventBody = () => ({
  title: "Live",
  description: "Join us.",
  startsAtLocal: "2030-01-01T12:00",
  timeZone: "UTC",
  durationMinutes: 60,
  joinUrl: "https://example.com/live",
  tier: "premium",
});

/** Every owner call of spec section 7 (GET /api/guests/applications is also open to premium members: tested apart). */
const OWNER_CALLS: OwnerCall[] = [
  ownerCall("GET /api/admin/contacts", { query: "archived=include&sort=oldest" }),
  ownerCall("POST /api/admin/contacts/{id}/read", { id: () => ids.contact }),
  ownerCall("GET /api/admin/contacts/{id}/replies", { id: () => ids.contact }),
  ownerCall("POST /api/admin/contacts/{id}/replies", {
    id: () => ids.contact,
    body: () => ({ message: "Thank you for writing." }),
  }),
  ownerCall("PATCH /api/contacts/{id}/archive", {
    id: () => ids.contact,
    body: () => ({ archived: true }),
  }),
  ownerCall("DELETE /api/contacts/{id}", { id: () => ids.contact }),
  ownerCall("PATCH /api/guests/applications/{id}/status", {
    id: () => ids.application,
    body: () => ({ status: "approved" }),
  }),
  ownerCall("PATCH /api/guests/applications/{id}/archive", { id: () => ids.application }),
  ownerCall("DELETE /api/guests/applications/{id}", { id: () => ids.application }),
  ownerCall("GET /api/subscribers", { query: "q=reader&archived=include&sort=email" }),
  ownerCall("GET /api/subscribers/export", { query: "q=reader&archived=include" }),
  ownerCall("PATCH /api/subscribers/{id}/archive", {
    id: () => ids.subscriber,
    body: () => ({ archived: false }),
  }),
  ownerCall("DELETE /api/subscribers/{id}", { id: () => ids.subscriber }),
  ownerCall("GET /api/admin/content-series"),
  ownerCall("POST /api/admin/content-series", {
    body: () => ({ title: "Another series", description: "Ten characters at least.", status: "active" }),
  }),
  ownerCall("GET /api/admin/content-series/{id}/episodes", { id: () => ids.series }),
  ownerCall("POST /api/admin/content-episodes", {
    body: () => ({ ...episodeBody(), seriesId: ids.series }),
  }),
  ownerCall("PATCH /api/admin/content-episodes/{id}", {
    id: () => ids.episode,
    body: episodeBody,
  }),
  ownerCall("POST /api/admin/content-episodes/{id}/podcast-episode", {
    id: () => ids.episode,
    ownerStatus: 201,
  }),
  ownerCall("DELETE /api/admin/content-episodes/{id}", { id: () => ids.episode }),
  ownerCall("GET /api/admin/episodes", { query: "q=draft&sort=oldest" }),
  ownerCall("POST /api/admin/episodes", {
    body: () => ({ title: "A new episode", summary: "Its summary." }),
  }),
  ownerCall("POST /api/admin/episodes/notes-preview", {
    body: () => ({ markdown: "**Notes**" }),
    ownerStatus: 200,
  }),
  ownerCall("GET /api/admin/episodes/{id}", { id: () => ids.podcastEpisode }),
  ownerCall("PUT /api/admin/episodes/{id}", {
    id: () => ids.podcastEpisode,
    body: () => ({ title: "Renamed draft", version: 1 }),
  }),
  ownerCall("PUT /api/admin/episodes/{id}/audio", {
    id: () => ids.podcastEpisode,
    form: fileForm("audio", fixture("tone-cbr.mp3"), "tone-cbr.mp3", "audio/mpeg"),
  }),
  ownerCall("PUT /api/admin/episodes/{id}/transcript", {
    id: () => ids.podcastEpisode,
    form: fileForm("transcript", fixture("transcript.vtt"), "transcript.vtt", "text/vtt"),
  }),
  ownerCall("DELETE /api/admin/episodes/{id}/transcript", {
    id: () => ids.podcastEpisode,
  }),
  ownerCall("PUT /api/admin/episodes/{id}/artwork", {
    id: () => ids.podcastEpisode,
    form: fileForm("artwork", () => artworkJpeg, "cover.jpg", "image/jpeg"),
  }),
  ownerCall("DELETE /api/admin/episodes/{id}/artwork", {
    id: () => ids.podcastEpisode,
  }),
  ownerCall("GET /api/admin/settings"),
  ownerCall("PUT /api/admin/settings", {
    body: () => ({ ...defaultSiteSettings, tagline: "A tagline only the owner may set", version: 0 }),
  }),
  ownerCall("PUT /api/admin/settings/artwork", {
    form: fileForm("artwork", () => artworkJpeg, "show.jpg", "image/jpeg"),
  }),
  ownerCall("DELETE /api/admin/settings/artwork"),
  // The address is on loopback and the test settings do not allow private fetches: past the access check, a 400.
  ownerCall("POST /api/admin/imports", {
    body: () => ({ feedUrl: "http://127.0.0.1:9/feed.xml" }),
    ownerStatus: 400,
  }),
  ownerCall("GET /api/admin/imports/{id}", { id: () => ids.feedImport }),
  ownerCall("POST /api/admin/imports/{id}/show", {
    id: () => ids.feedImport,
    body: () => ({ keep: ["showName"] }),
    ownerStatus: 200,
  }),
  ownerCall("GET /api/admin/sign-ins"),
  ownerCall("GET /api/admin/backup"),
  ownerCall("GET /api/admin/mail/suppressions", { query: "q=bounced&page=1" }),
  ownerCall("DELETE /api/admin/mail/suppressions/{id}", { id: () => SUPPRESSED }),
  ownerCall("GET /api/admin/email"),
  ownerCall("GET /api/admin/email/recipients", { query: "recipients=tier&tier=basic" }),
  // A time to send far ahead: the announcement is recorded and waits.
  ownerCall("POST /api/admin/email", {
    body: () => ({ subject: "News", message: "**Hello**", recipients: "launch", sendAt: "2099-01-01T09:00" }),
  }),
  ownerCall("POST /api/admin/email/preview", {
    body: () => ({ subject: "News", message: "**Hello**" }),
    ownerStatus: 200,
  }),
  ownerCall("POST /api/admin/email/test", { body: () => ({ subject: "News", message: "Hello" }), ownerStatus: 200 }),
  ownerCall("GET /api/admin/activity", { query: "person=owner@example.com&kind=episode.deleted&page=1" }),
  ownerCall("GET /api/admin/analytics/downloads", { query: "from=2026-01-01&to=2026-12-31" }),
  ownerCall("GET /api/admin/analytics/downloads.csv"),
  ownerCall("GET /api/admin/stories"),
  ownerCall("PUT /api/admin/stories/order", { body: () => ({ ids: [ids.story] }) }),
  ownerCall("POST /api/admin/stories", {
    body: () => ({ title: "A new story", excerpt: "Its excerpt.", fullStory: "Its story." }),
  }),
  ownerCall("GET /api/admin/stories/{id}", { id: () => ids.story }),
  ownerCall("PUT /api/admin/stories/{id}", {
    id: () => ids.story,
    body: () => ({ title: "Renamed story", excerpt: "Excerpt.", fullStory: "Story.", version: 1 }),
  }),
  ownerCall("PUT /api/admin/stories/{id}/video", {
    id: () => ids.story,
    form: fileForm("video", fixture("clip.mp4"), "clip.mp4", "video/mp4"),
  }),
  ownerCall("PUT /api/admin/stories/{id}/poster", {
    id: () => ids.story,
    form: fileForm("poster", () => artworkJpeg, "poster.jpg", "image/jpeg"),
  }),
  ownerCall("DELETE /api/admin/stories/{id}", { id: () => ids.story }),
  ownerCall("GET /api/admin/events"),
  ownerCall("POST /api/admin/events", { body: eventBody }),
  ownerCall("GET /api/admin/events/{id}", { id: () => ids.event }),
  ownerCall("PUT /api/admin/events/{id}", {
    id: () => ids.event,
    body: () => ({ ...eventBody(), version: 1 }),
  }),
  ownerCall("DELETE /api/admin/events/{id}", { id: () => ids.event }),
  ownerCall("GET /api/admin/resources"),
  ownerCall("POST /api/admin/resources", {
    body: () => ({ title: "A guide", description: "Its pages.", tier: "basic" }),
  }),
  ownerCall("GET /api/admin/resources/{id}", { id: () => ids.resource }),
  ownerCall("PUT /api/admin/resources/{id}", {
    id: () => ids.resource,
    body: () => ({ title: "Renamed guide", description: "Its pages.", tier: "premium", version: 1 }),
  }),
  ownerCall("PUT /api/admin/resources/{id}/file", {
    id: () => ids.resource,
    form: fileForm("file", fixture("resource.pdf"), "guide.pdf", "application/pdf"),
  }),
  ownerCall("DELETE /api/admin/resources/{id}", { id: () => ids.resource }),
  ownerCall("DELETE /api/admin/episodes/{id}", { id: () => ids.podcastEpisode }),
  ownerCall("GET /api/admin/members", { query: "q=listed&sort=oldest" }),
  ownerCall("PATCH /api/admin/members/{id}", {
    id: () => memberId,
    body: () => ({ membershipTier: "premium" }),
  }),
  ownerCall("DELETE /api/admin/members/{id}", { id: () => memberId }),
  ownerCall("GET /api/admin/insights", { query: "q=draft&sort=oldest" }),
  ownerCall("POST /api/admin/insights", { body: insightBody }),
  ownerCall("POST /api/admin/insights/preview", {
    body: () => ({ markdown: "**Body**" }),
    ownerStatus: 200,
  }),
  ownerCall("GET /api/admin/insights/{id}", { id: () => INSIGHT_ID }),
  ownerCall("PUT /api/admin/insights/{id}", {
    id: () => INSIGHT_ID,
    body: () => ({ ...insightBody(), title: "Renamed draft", version: 1 }),
  }),
  ownerCall("PUT /api/admin/insights/{id}/cover", { id: () => INSIGHT_ID, form: coverForm }),
  ownerCall("DELETE /api/admin/insights/{id}/cover", { id: () => INSIGHT_ID }),
  ownerCall("DELETE /api/admin/insights/{id}", { id: () => INSIGHT_ID }),
  ownerCall("GET /api/admin/staff"),
  ownerCall("POST /api/admin/staff", { body: () => ({ email: "new-editor@example.com", role: "editor" }) }),
  ownerCall("PATCH /api/admin/staff/{id}", { id: () => ids.staff, body: () => ({ role: "editor" }) }),
  ownerCall("DELETE /api/admin/staff/{id}", { id: () => ids.staff }),
  ownerCall("GET /api/admin/sessions"),
  ownerCall("POST /api/admin/two-factor", { ownerStatus: 200 }),
  // Codes that are not six digits: past the access check, the answer is 400.
  ownerCall("POST /api/admin/two-factor/confirm", { body: () => ({ code: "abc" }), ownerStatus: 400 }),
  ownerCall("POST /api/admin/two-factor/disable", { body: () => ({ code: "abc" }), ownerStatus: 400 }),
  // Signs out the caller's other sessions: there are none, and the call still answers 200.
  ownerCall("POST /api/admin/sessions/end-others", { ownerStatus: 200 }),
  // A well-formed id of no session of the caller's: past the access check, the answer is 404.
  ownerCall("DELETE /api/admin/sessions/{id}", { id: () => "0123456789abcdef0123456789abcdef", ownerStatus: 404 }),
  // A test session's account has no password any input matches: past the access check, the answer is 400.
  ownerCall("POST /api/admin/account/password", {
    body: () => ({
      currentPassword: "not-the-current-one",
      newPassword: "a-new-long-password",
      confirmPassword: "a-new-long-password",
    }),
    ownerStatus: 400,
  }),
  ownerCall("POST /api/admin/account/email", {
    body: () => ({ email: "a-new-address@example.com", currentPassword: "not-the-current-one" }),
    ownerStatus: 400,
  }),
];

/**
 * Who may make each call, as decision 055 says in words: the owner everything; an editor the show's content, download
 * analytics (decision 058) and guest applications; support contact messages, guest applications, subscribers and reading the members list. Written out
 * here rather than read from the declarations, so that a declaration that drifts from it fails.
 */
function rolesAllowed(name: string): readonly StaffRole[] {
  const path = name.split(" ")[1];
  if (/^\/api\/admin\/(staff|settings|sign-ins|activity|mail|email|imports|backup)\b/.test(path)) return ["owner"];
  if (name === "GET /api/admin/members") return ["owner", "support"];
  if (path.startsWith("/api/admin/analytics")) return ["owner", "editor"];
  if (path.startsWith("/api/admin/members")) return ["owner"];
  if (/^\/api\/(admin\/contacts|contacts|subscribers)\b/.test(path)) return ["owner", "support"];
  if (
    path.startsWith("/api/guests/") ||
    path.startsWith("/api/admin/sessions") ||
    path.startsWith("/api/admin/two-factor") ||
    path.startsWith("/api/admin/account")
  )
    return ["owner", "editor", "support"];
  return ["owner", "editor"];
}

/** What a browser could add to look like the spec's client-side admin: none of it may count. */
const FORGED_COOKIES = "admin=true; isAdmin=true; adminAuthenticated=true; ownerMarker=true; owner=true";
const FORGED_HEADERS = { "X-Admin": "true", "X-Owner": "true", Authorization: "Bearer admin" };

function request(call: OwnerCall, cookie: string | null) {
  const body = call.body?.();
  const form = call.form?.();
  return new Request(`http://localhost${call.path()}`, {
    method: call.method,
    headers: {
      ...FORGED_HEADERS,
      cookie: cookie ? `${FORGED_COOKIES}; ${cookie}` : FORGED_COOKIES,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    // A FormData body brings its own multipart Content-Type.
    body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
}

async function snapshot() {
  const db = database.db;
  return {
    contacts: await db.select().from(contacts),
    contactReplies: await db.select().from(contactReplies),
    applications: await db.select().from(guestApplications),
    subscribers: await db.select().from(subscribers),
    series: await db.select().from(contentSeries),
    episodes: await db.select().from(contentEpisodes),
    podcastEpisodes: await db.select().from(podcastEpisodes),
    member: await db.select().from(users).where(eq(users.id, memberId)),
    settings: await db.select().from(siteSettings),
    imports: await db.select().from(feedImports),
    stories: await db.select().from(hostStories),
    events: await db.select().from(memberEvents),
    resources: await db.select().from(memberResources),
    staff: await db.select().from(staffAccounts),
    mediaFiles: await media.listFiles(),
    activity: await db.select().from(activityLog),
    announcements: await db.select().from(audienceMails),
  };
}

/** A declared call as the spec names it: "PATCH /api/contacts/{id}/archive". */
const specName = (call: { method: string; path: string }) => `${call.method} ${call.path.replace(/:(\w+)/g, "{$1}")}`;

/** The roles a declaration lets through, when it is a staff-only call. */
const declaredRoles = (access: unknown): readonly StaffRole[] | null =>
  typeof access === "object" && access !== null && "staff" in access ? (access.staff as readonly StaffRole[]) : null;

const expectedStatus = (call: OwnerCall) => call.ownerStatus ?? (call.body && call.method === "POST" ? 201 : 200);

describe("each staff role gets through the calls its role allows, and nobody else", () => {
  it("covers every call declared for staff alone, and no other", () => {
    const declared = api.calls.filter((call) => declaredRoles(call.access) !== null).map(specName);
    expect(OWNER_CALLS.map((call) => call.name).sort()).toEqual([...new Set(declared)].sort());
  });

  it("declares for every call the roles the decision gives it", () => {
    const declared = api.calls
      .filter((call) => declaredRoles(call.access) !== null)
      .map((call) => `${specName(call)}: ${[...(declaredRoles(call.access) ?? [])].sort().join(",")}`);
    expect(declared.sort()).toEqual(
      api.calls
        .filter((call) => declaredRoles(call.access) !== null)
        .map((call) => `${specName(call)}: ${[...rolesAllowed(specName(call))].sort().join(",")}`)
        .sort(),
    );
  });

  it("has an example body for every staff call declared with a body", () => {
    const withBody = api.calls.filter((call) => declaredRoles(call.access) !== null && call.body).map(specName);
    const missing = withBody.filter((name) => !OWNER_CALLS.find((call) => call.name === name)?.body);
    expect(missing).toEqual([]);
  });

  it("answers 401 to anonymous requests, 403 to every member tier and to a role not allowed, with forged cookies and headers, changing nothing", async () => {
    const viewers: { label: string; cookie: string | null; expected: (call: OwnerCall) => number | null }[] = [
      { label: "anonymous", cookie: null, expected: () => 401 },
      { label: "free", cookie: (await signInMember(database.db, "free")).cookie, expected: () => 403 },
      { label: "basic", cookie: (await signInMember(database.db, "basic")).cookie, expected: () => 403 },
      { label: "premium", cookie: (await signInMember(database.db, "premium")).cookie, expected: () => 403 },
      { label: "tampered session", cookie: "sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", expected: () => 401 },
      ...(["editor", "support"] as const).map((role) => ({
        label: role,
        cookie: null as string | null,
        role,
        expected: (call: OwnerCall) => (rolesAllowed(call.name).includes(role) ? null : 403),
      })),
    ];
    for (const viewer of viewers) {
      if ("role" in viewer) viewer.cookie = (await signInStaff(database.db, viewer.role as StaffRole)).cookie;
    }
    const before = await snapshot();
    const answers: string[] = [];
    const expected: string[] = [];
    for (const viewer of viewers) {
      for (const call of OWNER_CALLS) {
        const status = viewer.expected(call);
        if (status === null) continue;
        const reply = await callApi(database.db, request(call, viewer.cookie), { media: media.storage });
        answers.push(`${viewer.label} ${call.name}: ${reply.status}`);
        expected.push(`${viewer.label} ${call.name}: ${status}`);
        expect(reply.body).toMatchObject({ success: false });
      }
    }
    expect(answers).toEqual(expected);
    expect(await snapshot()).toEqual(before);
    // Seven viewers times every staff call: a few hundred requests, slow on a shared two-core machine.
  }, 60_000);

  it.each(STAFF_ROLES)(
    "lets %s through every call the role allows",
    async (role) => {
      await freshDatabase();
      const cookie = role === "owner" ? await signInOwner(database.db) : (await signInStaff(database.db, role)).cookie;
      const allowed = OWNER_CALLS.filter((call) => rolesAllowed(call.name).includes(role));
      expect(allowed.length).toBeGreaterThan(role === "owner" ? 60 : 10);
      for (const call of allowed) {
        const reply = await callApi(database.db, request(call, cookie), { media: media.storage });
        expect({ call: call.name, status: reply.status }).toEqual({ call: call.name, status: expectedStatus(call) });
      }
    },
    60_000,
  );
});

describe("owner pages", () => {
  const content: readonly StaffRole[] = ["owner", "editor"];
  const audience: readonly StaffRole[] = ["owner", "support"];
  const pages = [
    { path: "/admin/contacts", loader: contactsPage.loader, roles: audience },
    { path: "/admin/subscribers", loader: subscribersPage.loader, roles: audience },
    { path: "/admin/content-calendar", loader: contentCalendarPage.loader, roles: content },
    { path: "/admin/episodes", loader: episodesPage.loader, roles: content },
    { path: "/admin/episodes/new", loader: episodeEditorPage.loader, roles: content },
    { path: "/admin/members", loader: membersPage.loader, roles: audience },
    { path: "/admin/insights", loader: insightsPage.loader, roles: content },
    { path: "/admin/insights/new", loader: insightEditorPage.loader, roles: content },
    { path: "/admin/settings", loader: settingsPage.loader, roles: ["owner"] },
    { path: "/admin/staff", loader: staffPage.loader, roles: ["owner"] },
    { path: "/admin/sessions", loader: sessionsPage.loader, roles: STAFF_ROLES },
    { path: "/admin/stories", loader: storiesPage.loader, roles: content },
    { path: "/admin/stories/new", loader: storyEditorPage.loader, roles: content },
    { path: "/admin/events", loader: eventsPage.loader, roles: content },
    { path: "/admin/resources", loader: resourcesPage.loader, roles: content },
    { path: "/admin/activity", loader: activityPage.loader, roles: ["owner"] },
    { path: "/admin/email", loader: emailPage.loader, roles: ["owner"] },
    { path: "/admin/analytics", loader: analyticsPage.loader, roles: content },
  ];
  // A page whose address names a record: the import the fresh database holds.
  const importProgressPage = () => ({
    path: `/admin/imports/${ids.feedImport}`,
    loader: importPage.loader,
    roles: ["owner"] as readonly StaffRole[],
    params: { id: String(ids.feedImport) },
  });

  it("redirect everyone without a staff account to /admin/login on the server", async () => {
    const cookies = [
      null,
      (await signInMember(database.db, "free")).cookie,
      (await signInMember(database.db, "basic")).cookie,
      (await signInMember(database.db, "premium")).cookie,
    ];
    for (const page of [...pages, importProgressPage()]) {
      for (const cookie of cookies) {
        const reply = await callRoute(
          page.loader,
          database.db,
          new Request(`http://localhost${page.path}`, {
            headers: { ...FORGED_HEADERS, cookie: cookie ? `${FORGED_COOKIES}; ${cookie}` : FORGED_COOKIES },
          }),
          { params: "params" in page ? page.params : undefined },
        );
        expect({ page: page.path, status: reply.status, location: reply.headers.get("location") }).toEqual({
          page: page.path,
          status: 302,
          location: "/admin/login",
        });
      }
    }
  });

  it.each(STAFF_ROLES)(
    "render with their data for %s on the pages the role opens, and a 403 on the others",
    async (role) => {
      const cookie = role === "owner" ? await signInOwner(database.db) : (await signInStaff(database.db, role)).cookie;
      for (const page of [...pages, importProgressPage()]) {
        const reply = await callRoute(
          page.loader,
          database.db,
          new Request(`http://localhost${page.path}`, { headers: { cookie } }),
          { params: "params" in page ? page.params : undefined },
        );
        expect({ page: page.path, status: reply.status }).toEqual({
          page: page.path,
          status: page.roles.includes(role) ? 200 : 403,
        });
        expect(reply.body).toBeTypeOf("object");
      }
    },
  );
});
