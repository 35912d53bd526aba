import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { type FeedHost, startFeedHost } from "#tests/setup/feed-host";
import { openTestMediaStorage, type TestMediaStorage } from "#tests/setup/media-storages";
import { signInOwner } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { activityLog } from "~/db/schema";
import { importDueEpisodes } from "~/features/episodes/feed-import.server";
import { LOCKED_FEED_MESSAGE } from "~/features/episodes/feed-import-read.server";
import { mediaLimits } from "~/lib/media/store-upload.server";
import { getSiteSettings } from "~/lib/site-settings.server";

let database: TestDatabase;
let host: FeedHost;
let media: TestMediaStorage;
let owner: string;
const ENV = { ALLOW_PRIVATE_FETCH: "true" };

beforeAll(async () => {
  database = await createTestDatabase();
  host = await startFeedHost();
  media = await openTestMediaStorage("disk");
  owner = await signInOwner(database.db);
});
afterAll(async () => {
  await host.close();
  await media.close();
  await database.close();
});

const call = (method: string, path: string, body?: unknown) =>
  callApi(
    database.db,
    new Request(`http://localhost${path}`, {
      method,
      headers: { cookie: owner, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { env: ENV, media: media.storage },
  );

describe("the owner's import calls", () => {
  it("start an import (202), show its progress until done, keep the chosen show details, and record each in the activity log", async () => {
    const started = await call("POST", "/api/admin/imports", { feedUrl: `${host.base}/transistor.xml` });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ success: true, message: "Import started", data: { id: expect.any(Number) } });
    const { id } = (started.body as { data: { id: number } }).data;

    const running = await call("GET", `/api/admin/imports/${id}`);
    expect(running.body).toMatchObject({
      data: { status: "running", message: expect.any(String), episodes: { total: 1, imported: 0, failed: 0 } },
    });
    const context = {
      db: database.db,
      media: media.storage,
      env: { ALLOW_PRIVATE_FETCH: true },
      limits: mediaLimits({ MAX_AUDIO_MB: 10 }),
    };
    await importDueEpisodes(context, { limit: 5 });
    const done = await call("GET", `/api/admin/imports/${id}`);
    expect(done.body).toMatchObject({
      success: true,
      data: {
        status: "done",
        message: "Imported 1 of 1 episodes.",
        episodes: { total: 1, imported: 1, failed: 0 },
        showSettled: false,
        show: { showName: "Design Debt", hostName: "Ravi Patel" },
      },
    });

    const kept = await call("POST", `/api/admin/imports/${id}/show`, { keep: ["showName", "language", "artwork"] });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ success: true, message: "Show details kept", data: { showSettled: true } });
    const site = await getSiteSettings(database.db);
    expect(site.showName).toBe("Design Debt");
    expect(site.podcastFeed.language).toBe("en-gb");
    // Not ticked: the site's own host name stays.
    expect(site.hostName).toBe("Alex Morgan");
    expect(site.artwork.url).toMatch(/^\/media\/settings\/artwork\/.+\.jpg$/);

    const entries = await database.db.select().from(activityLog);
    expect(entries.map((entry) => [entry.kind, entry.subjectTitle])).toEqual([
      ["feed_import.started", `${host.base}/transistor.xml`],
      ["settings.changed", "Settings"],
    ]);
  });

  it("refuses a locked feed with 400 and says its owner must unlock it first", async () => {
    const refused = await call("POST", "/api/admin/imports", { feedUrl: `${host.base}/locked.xml` });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      success: false,
      message: LOCKED_FEED_MESSAGE,
      errors: { feedUrl: [LOCKED_FEED_MESSAGE] },
    });
  });

  it("answers 404 for an unknown import, and 400 for an address that is not http(s)", async () => {
    expect((await call("GET", "/api/admin/imports/999999")).status).toBe(404);
    const refused = await call("POST", "/api/admin/imports", { feedUrl: "file:///etc/passwd" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: "The feed's address must start with http:// or https://" });
  });
});
