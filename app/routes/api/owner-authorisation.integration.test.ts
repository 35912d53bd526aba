import { readFileSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts, contentEpisodes, contentSeries, guestApplications, podcastEpisodes, subscribers } from "~/db/schema";
import { callRoute, type RouteHandler } from "../../../tests/setup/call-route";
import { openTestMediaStorage, type TestMediaStorage } from "../../../tests/setup/media-storages";
import {
  insertApplication,
  insertContact,
  insertEpisode,
  insertPodcastEpisode,
  insertSeries,
  insertSubscriber,
} from "../../../tests/setup/owner-fixtures";
import { signInMember, signInOwner } from "../../../tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import * as contactsPage from "../admin/contacts";
import * as contentCalendarPage from "../admin/content-calendar";
import * as episodeEditorPage from "../admin/episode-editor";
import * as episodesPage from "../admin/episodes";
import * as subscribersPage from "../admin/subscribers";
import * as contactRead from "./admin/contact-read";
import * as adminContactsApi from "./admin/contacts";
import * as contentEpisode from "./admin/content-episode";
import * as contentEpisodePodcastEpisode from "./admin/content-episode-podcast-episode";
import * as contentEpisodesApi from "./admin/content-episodes";
import * as contentSeriesApi from "./admin/content-series";
import * as seriesEpisodes from "./admin/content-series-episodes";
import * as ownerEpisode from "./admin/episode";
import * as episodeMedia from "./admin/episode-media";
import * as episodeNotesPreview from "./admin/episode-notes-preview";
import * as ownerEpisodes from "./admin/episodes";
import * as contactArchive from "./contacts/archive";
import * as contactDelete from "./contacts/contact";
import * as applicationDelete from "./guests/application";
import * as applicationArchive from "./guests/application-archive";
import * as applicationStatus from "./guests/application-status";
import * as subscriberArchive from "./subscribers/archive";
import * as subscriberExport from "./subscribers/export";
import * as subscriberList from "./subscribers/list";
import * as subscriberDelete from "./subscribers/subscriber";

let database: TestDatabase;
let media: TestMediaStorage;
let artworkJpeg: Buffer;
const ids = { contact: 0, application: 0, subscriber: 0, series: 0, episode: 0, podcastEpisode: 0 };

beforeAll(async () => {
  database = await createTestDatabase();
  media = await openTestMediaStorage("disk");
  artworkJpeg = await sharp({ create: { width: 1400, height: 1400, channels: 3, background: "#445566" } })
    .jpeg()
    .toBuffer();
  ids.contact = (await insertContact(database.db)).id;
  ids.application = (await insertApplication(database.db)).id;
  ids.subscriber = (await insertSubscriber(database.db)).id;
  ids.series = (await insertSeries(database.db)).id;
  ids.episode = (await insertEpisode(database.db, ids.series)).id;
  ids.podcastEpisode = (await insertPodcastEpisode(database.db)).id;
});
afterAll(async () => {
  await database.close();
  await media.close();
});

type Handler = RouteHandler;
type OwnerCall = {
  name: string;
  handler: Handler;
  method: string;
  path: () => string;
  params: () => Record<string, string>;
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

/** Every owner call of spec section 7 (GET /api/guests/applications is also open to premium members: tested apart). */
const OWNER_CALLS: OwnerCall[] = [
  {
    name: "GET /api/admin/contacts",
    handler: adminContactsApi.loader,
    method: "GET",
    path: () => "/api/admin/contacts?archived=include&sort=oldest",
    params: () => ({}),
  },
  {
    name: "POST /api/admin/contacts/{id}/read",
    handler: contactRead.action,
    method: "POST",
    path: () => `/api/admin/contacts/${ids.contact}/read`,
    params: () => ({ id: String(ids.contact) }),
  },
  {
    name: "PATCH /api/contacts/{id}/archive",
    handler: contactArchive.action,
    method: "PATCH",
    path: () => `/api/contacts/${ids.contact}/archive`,
    params: () => ({ id: String(ids.contact) }),
    body: () => ({ archived: true }),
  },
  {
    name: "DELETE /api/contacts/{id}",
    handler: contactDelete.action,
    method: "DELETE",
    path: () => `/api/contacts/${ids.contact}`,
    params: () => ({ id: String(ids.contact) }),
  },
  {
    name: "PATCH /api/guests/applications/{id}/status",
    handler: applicationStatus.action,
    method: "PATCH",
    path: () => `/api/guests/applications/${ids.application}/status`,
    params: () => ({ id: String(ids.application) }),
    body: () => ({ status: "approved" }),
  },
  {
    name: "PATCH /api/guests/applications/{id}/archive",
    handler: applicationArchive.action,
    method: "PATCH",
    path: () => `/api/guests/applications/${ids.application}/archive`,
    params: () => ({ id: String(ids.application) }),
  },
  {
    name: "DELETE /api/guests/applications/{id}",
    handler: applicationDelete.action,
    method: "DELETE",
    path: () => `/api/guests/applications/${ids.application}`,
    params: () => ({ id: String(ids.application) }),
  },
  {
    name: "GET /api/subscribers",
    handler: subscriberList.loader,
    method: "GET",
    path: () => "/api/subscribers?q=reader&archived=include&sort=email",
    params: () => ({}),
  },
  {
    name: "GET /api/subscribers/export",
    handler: subscriberExport.loader,
    method: "GET",
    path: () => "/api/subscribers/export?q=reader&archived=include",
    params: () => ({}),
  },
  {
    name: "PATCH /api/subscribers/{id}/archive",
    handler: subscriberArchive.action,
    method: "PATCH",
    path: () => `/api/subscribers/${ids.subscriber}/archive`,
    params: () => ({ id: String(ids.subscriber) }),
    body: () => ({ archived: false }),
  },
  {
    name: "DELETE /api/subscribers/{id}",
    handler: subscriberDelete.action,
    method: "DELETE",
    path: () => `/api/subscribers/${ids.subscriber}`,
    params: () => ({ id: String(ids.subscriber) }),
  },
  {
    name: "GET /api/admin/content-series",
    handler: contentSeriesApi.loader,
    method: "GET",
    path: () => "/api/admin/content-series",
    params: () => ({}),
  },
  {
    name: "POST /api/admin/content-series",
    handler: contentSeriesApi.action,
    method: "POST",
    path: () => "/api/admin/content-series",
    params: () => ({}),
    body: () => ({ title: "Another series", description: "Ten characters at least.", status: "active" }),
  },
  {
    name: "GET /api/admin/content-series/{id}/episodes",
    handler: seriesEpisodes.loader,
    method: "GET",
    path: () => `/api/admin/content-series/${ids.series}/episodes`,
    params: () => ({ id: String(ids.series) }),
  },
  {
    name: "POST /api/admin/content-episodes",
    handler: contentEpisodesApi.action,
    method: "POST",
    path: () => "/api/admin/content-episodes",
    params: () => ({}),
    body: () => ({ ...episodeBody(), seriesId: ids.series }),
  },
  {
    name: "PATCH /api/admin/content-episodes/{id}",
    handler: contentEpisode.action,
    method: "PATCH",
    path: () => `/api/admin/content-episodes/${ids.episode}`,
    params: () => ({ id: String(ids.episode) }),
    body: episodeBody,
  },
  {
    name: "POST /api/admin/content-episodes/{id}/podcast-episode",
    handler: contentEpisodePodcastEpisode.action,
    method: "POST",
    path: () => `/api/admin/content-episodes/${ids.episode}/podcast-episode`,
    params: () => ({ id: String(ids.episode) }),
    ownerStatus: 201,
  },
  {
    name: "DELETE /api/admin/content-episodes/{id}",
    handler: contentEpisode.action,
    method: "DELETE",
    path: () => `/api/admin/content-episodes/${ids.episode}`,
    params: () => ({ id: String(ids.episode) }),
  },
  {
    name: "GET /api/admin/episodes",
    handler: ownerEpisodes.loader,
    method: "GET",
    path: () => "/api/admin/episodes?q=draft&sort=oldest",
    params: () => ({}),
  },
  {
    name: "POST /api/admin/episodes",
    handler: ownerEpisodes.action,
    method: "POST",
    path: () => "/api/admin/episodes",
    params: () => ({}),
    body: () => ({ title: "A new episode", summary: "Its summary." }),
  },
  {
    name: "POST /api/admin/episodes/notes-preview",
    handler: episodeNotesPreview.action,
    method: "POST",
    path: () => "/api/admin/episodes/notes-preview",
    params: () => ({}),
    body: () => ({ markdown: "**Notes**" }),
    ownerStatus: 200,
  },
  {
    name: "GET /api/admin/episodes/{id}",
    handler: ownerEpisode.loader,
    method: "GET",
    path: () => `/api/admin/episodes/${ids.podcastEpisode}`,
    params: () => ({ id: String(ids.podcastEpisode) }),
  },
  {
    name: "PUT /api/admin/episodes/{id}",
    handler: ownerEpisode.action,
    method: "PUT",
    path: () => `/api/admin/episodes/${ids.podcastEpisode}`,
    params: () => ({ id: String(ids.podcastEpisode) }),
    body: () => ({ title: "Renamed draft", version: 1 }),
  },
  {
    name: "PUT /api/admin/episodes/{id}/audio",
    handler: episodeMedia.action,
    method: "PUT",
    path: () => `/api/admin/episodes/${ids.podcastEpisode}/audio`,
    params: () => ({ id: String(ids.podcastEpisode), media: "audio" }),
    form: fileForm("audio", fixture("tone-cbr.mp3"), "tone-cbr.mp3", "audio/mpeg"),
  },
  {
    name: "PUT /api/admin/episodes/{id}/transcript",
    handler: episodeMedia.action,
    method: "PUT",
    path: () => `/api/admin/episodes/${ids.podcastEpisode}/transcript`,
    params: () => ({ id: String(ids.podcastEpisode), media: "transcript" }),
    form: fileForm("transcript", fixture("transcript.vtt"), "transcript.vtt", "text/vtt"),
  },
  {
    name: "DELETE /api/admin/episodes/{id}/transcript",
    handler: episodeMedia.action,
    method: "DELETE",
    path: () => `/api/admin/episodes/${ids.podcastEpisode}/transcript`,
    params: () => ({ id: String(ids.podcastEpisode), media: "transcript" }),
  },
  {
    name: "PUT /api/admin/episodes/{id}/artwork",
    handler: episodeMedia.action,
    method: "PUT",
    path: () => `/api/admin/episodes/${ids.podcastEpisode}/artwork`,
    params: () => ({ id: String(ids.podcastEpisode), media: "artwork" }),
    form: fileForm("artwork", () => artworkJpeg, "cover.jpg", "image/jpeg"),
  },
  {
    name: "DELETE /api/admin/episodes/{id}/artwork",
    handler: episodeMedia.action,
    method: "DELETE",
    path: () => `/api/admin/episodes/${ids.podcastEpisode}/artwork`,
    params: () => ({ id: String(ids.podcastEpisode), media: "artwork" }),
  },
  {
    name: "DELETE /api/admin/episodes/{id}",
    handler: ownerEpisode.action,
    method: "DELETE",
    path: () => `/api/admin/episodes/${ids.podcastEpisode}`,
    params: () => ({ id: String(ids.podcastEpisode) }),
  },
];

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
    applications: await db.select().from(guestApplications),
    subscribers: await db.select().from(subscribers),
    series: await db.select().from(contentSeries),
    episodes: await db.select().from(contentEpisodes),
    podcastEpisodes: await db.select().from(podcastEpisodes),
    mediaFiles: await media.listFiles(),
  };
}

describe("only the owner gets through the owner calls", () => {
  it("answers 401 to anonymous requests and 403 to every member tier, with forged cookies and headers, changing nothing", async () => {
    const before = await snapshot();
    const viewers: { label: string; cookie: string | null; expected: number }[] = [
      { label: "anonymous", cookie: null, expected: 401 },
      { label: "free", cookie: (await signInMember(database.db, "free")).cookie, expected: 403 },
      { label: "basic", cookie: (await signInMember(database.db, "basic")).cookie, expected: 403 },
      { label: "premium", cookie: (await signInMember(database.db, "premium")).cookie, expected: 403 },
      { label: "tampered session", cookie: "sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", expected: 401 },
    ];
    const answers: string[] = [];
    for (const viewer of viewers) {
      for (const call of OWNER_CALLS) {
        const reply = await callRoute(call.handler, database.db, request(call, viewer.cookie), {
          params: call.params(),
          media: media.storage,
        });
        answers.push(`${viewer.label} ${call.name}: ${reply.status}`);
        expect(reply.body).toMatchObject({ success: false });
      }
    }
    expect(answers).toEqual(
      viewers.flatMap((viewer) => OWNER_CALLS.map((call) => `${viewer.label} ${call.name}: ${viewer.expected}`)),
    );
    expect(await snapshot()).toEqual(before);
    // Five viewers times every owner call: about a hundred requests, slow on a shared two-core machine.
  }, 30_000);

  it("lets the owner through every call", async () => {
    const owner = await signInOwner(database.db);
    for (const call of OWNER_CALLS) {
      const reply = await callRoute(call.handler, database.db, request(call, owner), {
        params: call.params(),
        media: media.storage,
      });
      expect({ call: call.name, status: reply.status }).toEqual({
        call: call.name,
        status: call.ownerStatus ?? (call.body && call.method === "POST" ? 201 : 200),
      });
    }
  });
});

describe("owner pages", () => {
  const pages = [
    { path: "/admin/contacts", loader: contactsPage.loader },
    { path: "/admin/subscribers", loader: subscribersPage.loader },
    { path: "/admin/content-calendar", loader: contentCalendarPage.loader },
    { path: "/admin/episodes", loader: episodesPage.loader },
    { path: "/admin/episodes/new", loader: episodeEditorPage.loader },
  ];

  it("redirect everyone but the owner to /admin/login on the server", async () => {
    const cookies = [
      null,
      (await signInMember(database.db, "free")).cookie,
      (await signInMember(database.db, "basic")).cookie,
      (await signInMember(database.db, "premium")).cookie,
    ];
    for (const page of pages) {
      for (const cookie of cookies) {
        const reply = await callRoute(
          page.loader,
          database.db,
          new Request(`http://localhost${page.path}`, {
            headers: { ...FORGED_HEADERS, cookie: cookie ? `${FORGED_COOKIES}; ${cookie}` : FORGED_COOKIES },
          }),
        );
        expect({ page: page.path, status: reply.status, location: reply.headers.get("location") }).toEqual({
          page: page.path,
          status: 302,
          location: "/admin/login",
        });
      }
    }
  });

  it("render with their data for the owner", async () => {
    const owner = await signInOwner(database.db);
    for (const page of pages) {
      const reply = await callRoute(
        page.loader,
        database.db,
        new Request(`http://localhost${page.path}`, { headers: { cookie: owner } }),
      );
      expect(reply.status).toBe(200);
      expect(reply.body).toBeTypeOf("object");
    }
  });
});
