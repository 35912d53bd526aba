import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
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
import { insightPosts as insightPostsTable, podcastEpisodes as podcastEpisodesTable } from "~/db/schema";
import { api } from "~/routes/api/calls.server";

/**
 * Every declared API call (app/routes/api/calls.server.ts): its method and path pattern (`:id` is filled with a
 * generated id), and an address no call declares. Generated calls mostly use that method, and sometimes any other.
 */
const API_ROUTES: string[] = [...api.calls.map((call) => `${call.method} ${call.path}`), "GET /api/no-such-call/:id"];

const RUNS_PER_ROUTE = 80;

/** Field names the app's schemas read, so that generated bodies reach the validation of each field. */
const FIELD_NAMES = [
  "email",
  "name",
  "firstName",
  "lastName",
  "subject",
  "message",
  "password",
  "status",
  "title",
  "description",
  "excerpt",
  "fullStory",
  "ids",
  "startsAtLocal",
  "timeZone",
  "durationMinutes",
  "joinUrl",
  "tier",
  "episodeNumber",
  "scheduledDate",
  "seriesId",
  "membershipTier",
  "action",
  "returnTo",
  "biography",
  "topicIdea",
  "expertise",
  "company",
  "jobTitle",
  "socialLinks",
  "pastAppearances",
  "notes",
  "read",
  "archived",
  "token",
  "tier",
  "id",
  "summary",
  "slug",
  "showNotesMarkdown",
  "markdown",
  "seasonNumber",
  "episodeType",
  "explicit",
  "premium",
  "publishDate",
  "earlyAccessAt",
  "chapters",
  "guests",
  "startTime",
  "guestApplicationId",
  "version",
  "podcastEpisodeId",
  "excerpt",
  "bodyMarkdown",
  "category",
  "authorName",
  "coverAlt",
  "seoDescription",
  "sources",
  "url",
  "alt",
  "cover",
  "events",
  "type",
  "reason",
  "recipients",
  "featured",
  "publish",
  "sendAt",
  "feedUrl",
  "keep",
] as const;

/** Values the schemas accept somewhere, mixed in so that some calls get past validation and act on rows. */
const PLAUSIBLE_VALUES = [
  "reader@example.com",
  "pitch",
  "other",
  "approved",
  "rejected",
  "planning",
  "premium",
  "free",
  "2026-03-01",
  "2026-03-01T10:00:00.000Z",
  "/members/profile",
  "https://example.com",
  1,
  2,
  0,
  -1,
  true,
  false,
  null,
] as const;

const hugeString = fc.integer({ min: 1_000, max: 120_000 }).map((length) => "é".repeat(length));
const oddString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  // Text that is otherwise valid but holds a character PostgreSQL cannot store.
  fc.constantFrom("reader@example.com", "pitch", "Ann Lee").map((text) => `${text}\u0000`),
  fc.constantFrom("\u0000", "a\u0000b", "\ud800", "'; drop table contacts; --", "<script>alert(1)</script>", " "),
);
const fieldValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 2, arbitrary: fc.constantFrom(...PLAUSIBLE_VALUES) },
    { weight: 3, arbitrary: oddString },
    fc.oneof(fc.integer(), fc.double(), fc.bigInt().map(String), fc.constant(Number.MAX_SAFE_INTEGER * 1000)),
    fc.boolean(),
    fc.constant(null),
    hugeString,
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie("value"), { maxKeys: 3 }),
  ),
})).value;

const BIOGRAPHY = "A founder who has spent fifteen years building and rebuilding teams in three industries.";
const EPISODE = {
  title: "A new episode",
  description: "Ten characters at least.",
  episodeNumber: 2,
  status: "planning",
};

const OWNER_INSIGHT = {
  title: "A new post",
  slug: "",
  excerpt: "Its excerpt.",
  bodyMarkdown: "**Body**",
  category: "Tests",
  authorName: "Owner",
  seoDescription: "",
  sources: [{ url: "https://example.com/a", title: "A" }],
  status: "draft",
  publishDate: null,
};

const OWNER_EPISODE = {
  title: "A new episode",
  slug: "",
  summary: "Its summary.",
  showNotesMarkdown: "**Notes**",
  seasonNumber: 1,
  episodeNumber: 2,
  episodeType: "full",
  explicit: false,
  premium: false,
  publishDate: null,
  status: "draft",
  chapters: [{ startTime: "0:00", title: "Intro" }],
  guests: [{ name: "Ann Lee", role: "Founder", link: "https://example.com" }],
};

const EVENT = {
  title: "Live",
  description: "Join us.",
  startsAtLocal: "2030-01-01T12:00",
  timeZone: "Europe/London",
  durationMinutes: 60,
  joinUrl: "https://example.com/live",
  tier: "premium",
};
const RESOURCE = { title: "A guide", description: "Its pages.", tier: "basic" };

const STORY = { title: "A new story", excerpt: "Its excerpt.", fullStory: "First.\n\nSecond." };

/** A body each call accepts; generated bodies often start from it and change a few fields, to test each field. */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  "/api/subscribe": { email: "reader@example.com", firstName: "Ann", lastName: "Lee" },
  "/api/auth/email-link": { email: "reader@example.com", returnTo: "/members/profile" },
  "/api/auth/mock-login": { membershipTier: "premium" },
  "/api/auth/membership": { membershipTier: "premium" },
  "/api/auth/membership/billing": { action: "downgrade" },
  "/api/contact": { name: "Ann Lee", email: "ann@example.com", subject: "pitch", message: "A story to tell." },
  "/api/guests/apply": {
    name: "Ann Lee",
    email: "ann@example.com",
    expertise: "Scaling teams",
    topicIdea: "Rebuilding a team",
    biography: BIOGRAPHY,
    socialLinks: { linkedin: "https://www.linkedin.com/in/ann" },
  },
  "/api/admin/login": { password: "fuzzing-password-long" },
  "/api/guests/applications/:id/status": { status: "approved" },
  "/api/admin/content-series": { title: "A series", description: "Ten characters at least.", status: "active" },
  "/api/admin/content-episodes": { ...EPISODE, seriesId: 1, scheduledDate: "2026-03-01" },
  "/api/admin/content-episodes/:id": { ...EPISODE, scheduledDate: null },
  "/api/admin/episodes": OWNER_EPISODE,
  "/api/admin/episodes/notes-preview": { markdown: "**Notes** with <script>alert(1)</script>" },
  "/api/admin/episodes/:id": { ...OWNER_EPISODE, version: 1 },
  "/api/admin/members/:id": { membershipTier: "basic" },
  "/api/members/profile": { firstName: "Ann", lastName: "Lee" },
  "/api/admin/insights": OWNER_INSIGHT,
  "/api/admin/insights/preview": { markdown: "[x](javascript:alert(1)) <img src=x onerror=alert(1)>" },
  "/api/admin/insights/:id": { ...OWNER_INSIGHT, version: 1 },
  "/api/admin/stories": STORY,
  "/api/admin/stories/order": { ids: [1, 2, 3] },
  "/api/admin/stories/:id": { ...STORY, version: 1 },
  "/api/admin/events": EVENT,
  "/api/admin/events/:id": { ...EVENT, version: 1 },
  "/api/admin/resources": RESOURCE,
  "/api/admin/resources/:id": { ...RESOURCE, version: 1 },
  "/api/admin/staff": { email: "new-staff@example.com", role: "editor" },
  "/api/admin/staff/:id": { role: "support", status: "active" },
  "/api/admin/two-factor/confirm": { code: "123456" },
  "/api/admin/two-factor/disable": { code: "123456" },
  "/api/admin/account/password": {
    currentPassword: "fuzzing-password-long",
    newPassword: "a-new-fuzzing-password",
    confirmPassword: "a-new-fuzzing-password",
  },
  "/api/admin/contacts/:id/replies": { message: "Thank you for writing." },
  "/api/admin/email": {
    subject: "News",
    message: "**Hello** <script>alert(1)</script>",
    recipients: "tier",
    tier: "premium",
    featured: null,
    publish: true,
    sendAt: "2099-01-01T09:00",
  },
  "/api/admin/email/preview": { subject: "News", message: "[x](javascript:alert(1))", featured: "episode:1" },
  "/api/admin/email/test": { subject: "News", message: "Hello", featured: "insight:abc" },
  "/api/mail/events": { events: [{ type: "bounce", email: "reader@example.com", reason: "550 No such mailbox" }] },
  "/api/admin/account/email": { email: "a-new-address@example.com", currentPassword: "fuzzing-password-long" },
  // A loopback feed, which the guard refuses (the test does not allow private fetches): no fetch leaves the machine.
  "/api/admin/imports": { feedUrl: "http://127.0.0.1:9/feed.xml" },
  "/api/admin/imports/:id/show": { keep: ["showName", "artwork"] },
};

/** Text that passes a text field's rules but holds a character PostgreSQL cannot store. */
const textWithNul = fc.constantFrom("Ann Lee", "A story to tell.", "Scaling teams").map((text) => `${text}\u0000`);
const mutation = fc.oneof({ weight: 3, arbitrary: fieldValue }, textWithNul);

const anyObjectBody = fc.dictionary(fc.constantFrom(...FIELD_NAMES), fieldValue, { maxKeys: 8 });

/** The valid body with one or two fields replaced by generated values or left out. */
const mutatedBody = (valid: Record<string, unknown>) =>
  fc
    .array(
      fc.tuple(
        fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...Object.keys(valid)) }, fc.constantFrom(...FIELD_NAMES)),
        fc.option(mutation, { freq: 4, nil: undefined }),
      ),
      { minLength: 1, maxLength: 2 },
    )
    .map((changes) => {
      const changed: Record<string, unknown> = { ...valid };
      for (const [field, value] of changes) {
        if (value === undefined) delete changed[field];
        else changed[field] = value;
      }
      return changed;
    });

/** A body as sent on the wire: mostly JSON objects of known fields, sometimes any JSON, sometimes not JSON at all. */
const bodyFor = (pattern: string) => {
  const valid = VALID_BODIES[pattern];
  const json = (arbitrary: fc.Arbitrary<unknown>) => arbitrary.map((value) => JSON.stringify(value));
  const unrelated = [
    { weight: 4, arbitrary: json(anyObjectBody) },
    { weight: 2, arbitrary: json(fc.jsonValue()) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
    { weight: 1, arbitrary: fc.constant("") },
  ];
  if (!valid) return fc.oneof(...unrelated);
  return fc.oneof(
    { weight: 8, arbitrary: json(mutatedBody(valid)) },
    { weight: 1, arbitrary: fc.constant(JSON.stringify(valid)) },
    ...unrelated,
  );
};

/** The upload calls and the file field each reads. */
const UPLOAD_FIELDS: Record<string, string> = {
  "/api/admin/episodes/:id/audio": "audio",
  "/api/admin/episodes/:id/artwork": "artwork",
  "/api/admin/episodes/:id/transcript": "transcript",
  "/api/admin/insights/:id/cover": "cover",
};
const BOUNDARY = "----FuzzBoundary7MA4YWxkTrZu0gW";
const mediaFixtures = ["tone-cbr.mp3", "tone.m4a", "transcript.vtt", "transcript.srt", "resource.pdf"].map(
  (name) => new Uint8Array(readFileSync(`tests/fixtures/media/${name}`)),
);
const fileBytes = fc.oneof(
  fc.constantFrom(...mediaFixtures),
  // A real file cut short, as a truncated upload is.
  fc
    .tuple(fc.constantFrom(...mediaFixtures), fc.double({ min: 0, max: 1, noNaN: true }))
    .map(([bytes, share]) => bytes.subarray(0, Math.floor(bytes.length * share))),
  fc.uint8Array({ maxLength: 3000 }),
);
/** A multipart form of one or two parts (a file under the call's field name, or others), sometimes cut off. */
const multipartBody = (field: string) =>
  fc
    .tuple(
      fc.array(
        fc.record({
          name: fc.oneof({ weight: 4, arbitrary: fc.constant(field) }, fc.constantFrom(...FIELD_NAMES), oddString),
          fileName: fc.option(fc.oneof(fc.constantFrom("episode.mp3", "cover.jpg", "notes.vtt", ""), oddString), {
            freq: 6,
          }),
          bytes: fileBytes,
        }),
        { minLength: 0, maxLength: 2 },
      ),
      fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { freq: 4 }),
    )
    .map(([parts, cutAt]) => {
      const encoded = Buffer.concat([
        ...parts.flatMap(({ name, fileName, bytes }) => [
          Buffer.from(
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${
              fileName === null ? "" : `; filename="${fileName}"`
            }\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          Buffer.from(bytes),
          Buffer.from("\r\n"),
        ]),
        Buffer.from(`--${BOUNDARY}--\r\n`),
      ]);
      return new Uint8Array(
        cutAt === null ? encoded : encoded.subarray(0, Math.floor(encoded.length * cutAt)),
      ) as Uint8Array<ArrayBuffer>;
    });

const id = fc.oneof(
  fc.constantFrom("1", "2", "0", "-1", "1.5", "1e3", " 1", "01", "9999999999", "2147483648", "١", "%00", "\u0000", ""),
  fc.integer().map(String),
  fc.bigInt().map(String),
  fc.string({ unit: "binary", maxLength: 20 }),
);

const queryString = fc
  .dictionary(
    fc.oneof(
      fc.constantFrom(
        "page",
        "limit",
        "status",
        "returnTo",
        "token",
        "code",
        "state",
        "archived",
        "q",
        "sort",
        "recipients",
        "episode",
        "from",
        "to",
      ),
      fc.string({ maxLength: 8 }),
    ),
    oddString,
    { maxKeys: 4 },
  )
  .map((entries) => new URLSearchParams(entries).toString());

const contentType = fc.oneof(
  { weight: 3, arbitrary: fc.constant("application/json") },
  fc.constantFrom("application/json; charset=utf-8", "text/plain", null),
);
const anyMethod = fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE");
/** The mail events webhook's secret (set for every call; the others ignore the header). */
const MAIL_EVENTS_SECRET = "fuzzing-mail-events-secret";
const authorization = fc.oneof(
  { weight: 3, arbitrary: fc.constant(`Bearer ${MAIL_EVENTS_SECRET}`) },
  fc.constantFrom(null, "Bearer ", `Bearer ${MAIL_EVENTS_SECRET}x`, `bearer ${MAIL_EVENTS_SECRET}`, "Basic eDp5"),
);
const caller = fc.constantFrom("anonymous", "free member", "premium member", "owner", "editor", "support");

const callTo = (servedMethod: string, pattern: string) => {
  const field = UPLOAD_FIELDS[pattern];
  return fc.record({
    method: fc.oneof({ weight: 3, arbitrary: fc.constant(servedMethod) }, anyMethod),
    body: field
      ? fc.oneof<[fc.WeightedArbitrary<Uint8Array<ArrayBuffer>>, fc.WeightedArbitrary<string>]>(
          { weight: 4, arbitrary: multipartBody(field) },
          { weight: 1, arbitrary: bodyFor(pattern) },
        )
      : bodyFor(pattern),
    contentType: field
      ? fc.oneof(
          { weight: 4, arbitrary: fc.constant(`multipart/form-data; boundary=${BOUNDARY}`) },
          fc.constantFrom("multipart/form-data", "multipart/form-data; boundary="),
          contentType,
        )
      : contentType,
    id: field ? fc.oneof({ weight: 2, arbitrary: fc.constant(String(UPLOAD_EPISODE_ID)) }, id) : id,
    queryString,
    caller,
    authorization,
  });
};

let database: TestDatabase;
let media: TestMediaStorage;
/** The episode the upload calls mostly target, so that generated forms reach the checks of the file. */
const UPLOAD_EPISODE_ID = 7;

/**
 * Tables that rightly record rejected attempts too: rate_limit_hits' counters, the owner's failed logins
 * (login_throttles, owner_login_browsers) and the owner's sign-in record.
 */
const REJECTION_RECORDS = ["rate_limit_hits", "login_throttles", "owner_login_browsers", "owner_sign_ins"];

/**
 * How many rows of each table but REJECTION_RECORDS have been inserted, updated or deleted: a trigger on each table
 * counts them in the same transaction as the change, so a change rolled back is not counted. One small read per call,
 * where comparing every table's content took most of the test's time; a failure names the table that changed.
 */
async function snapshot(): Promise<Record<string, number>> {
  const result = await database.db.execute(sql`select table_name, changes from fuzz_row_changes order by table_name`);
  const rows = (result as unknown as { rows: { table_name: string; changes: string | number }[] }).rows;
  return Object.fromEntries(rows.map((row) => [row.table_name, Number(row.changes)]));
}

async function countRowChanges(tables: string[]) {
  await database.db.execute(sql`create table fuzz_row_changes (table_name text primary key, changes bigint not null)`);
  await database.db.execute(
    sql.raw(`create function fuzz_count_row_change() returns trigger language plpgsql as $$
      begin
        insert into fuzz_row_changes values (TG_TABLE_NAME, 1)
          on conflict (table_name) do update set changes = fuzz_row_changes.changes + 1;
        return null;
      end $$`),
  );
  for (const table of tables) {
    await database.db.execute(
      sql.raw(
        `create trigger fuzz_row_change after insert or update or delete on "${table}" for each row execute function fuzz_count_row_change()`,
      ),
    );
    await database.db.execute(
      sql.raw(
        `create trigger fuzz_truncate after truncate on "${table}" for each statement execute function fuzz_count_row_change()`,
      ),
    );
  }
}

async function signIn(who: string): Promise<string | undefined> {
  if (who === "owner") return signInOwner(database.db);
  if (who === "editor" || who === "support") return (await signInStaff(database.db, who)).cookie;
  if (who === "free member") return (await signInMember(database.db, "free")).cookie;
  if (who === "premium member") return (await signInMember(database.db, "premium")).cookie;
  return undefined;
}

/**
 * One session per caller, kept while calls are refused: a fresh member and session for each of a few thousand calls
 * would grow the tables every snapshot reads. A call that succeeds may have signed the caller out, deleted the account
 * or changed its tier, so the next call as that caller starts a new session.
 */
const sessions = new Map<string, string | undefined>();
async function cookieFor(who: string): Promise<string | undefined> {
  if (!sessions.has(who)) sessions.set(who, await signIn(who));
  return sessions.get(who);
}
const forgetSession = (who: string) => sessions.delete(who);

beforeAll(async () => {
  database = await createTestDatabase();
  media = await openTestMediaStorage("disk");
  const series = await insertSeries(database.db);
  await Promise.all([
    database.db
      .insert(podcastEpisodesTable)
      .values({ id: UPLOAD_EPISODE_ID, guid: "fuzz", slug: "fuzz", title: "Fuzz", description: "For the fuzz." }),
    // The post the cover calls mostly target (the same id as the upload episode's, as text).
    database.db.insert(insightPostsTable).values({
      id: String(UPLOAD_EPISODE_ID),
      slug: "fuzz",
      title: "Fuzz",
      excerpt: "For the fuzz.",
      category: "Tests",
      authorName: "Owner",
    }),
    insertContact(database.db),
    insertApplication(database.db),
    insertSubscriber(database.db),
    insertEpisode(database.db, series.id),
    insertPodcastEpisode(database.db),
  ]);
  const tables = (
    (await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in (${sql.join(
        REJECTION_RECORDS.map((table) => sql`${table}`),
        sql`, `,
      )}) order by table_name`,
    )) as unknown as { rows: { table_name: string }[] }
  ).rows.map((row) => row.table_name);
  expect(tables).toContain("contacts");
  await countRowChanges(tables);
}, 60_000);
afterAll(async () => {
  await database.close();
  await media.close();
});

describe("generated bodies, ids and query strings sent to every API call", () => {
  it.each(API_ROUTES)(
    "%s never answers 5xx, and a rejected call changes no row",
    async (served) => {
      const [servedMethod, pattern] = served.split(" ");
      await fc.assert(
        fc.asyncProperty(callTo(servedMethod, pattern), async (generated) => {
          const path = pattern.replace(":id", encodeURIComponent(generated.id));
          const url = `http://localhost${path}${generated.queryString ? `?${generated.queryString}` : ""}`;
          const headers = new Headers();
          const cookie = await cookieFor(generated.caller);
          if (cookie) headers.set("cookie", cookie);
          if (generated.contentType) headers.set("content-type", generated.contentType);
          if (generated.authorization) headers.set("authorization", generated.authorization);
          const request = new Request(url, {
            method: generated.method,
            headers,
            body: generated.method === "GET" ? undefined : generated.body,
          });

          const before = await snapshot();
          const filesBefore = await media.listFiles();
          const { status } = await callApi(database.db, request, {
            env: { ADMIN_PASSWORD: "fuzzing-password-long", MAIL_EVENTS_SECRET },
            media: media.storage,
          });
          expect(status).toBeLessThan(500);
          if (status < 400) forgetSession(generated.caller);
          if (status >= 400) {
            expect(await snapshot()).toEqual(before);
            expect(await media.listFiles()).toEqual(filesBefore);
          }
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    },
    120_000,
  );
});
