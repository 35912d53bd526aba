import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { callRoute, type RouteHandler, routeContext } from "#tests/setup/call-route";
import { openTestMediaStorage, type TestMediaStorage } from "#tests/setup/media-storages";
import { rowById } from "#tests/setup/rows";
import { signInMember, signInOwner, type TestMember } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { memberEvents, memberResources } from "~/db/schema";
import type { OwnerEvent, OwnerResource } from "~/features/premium/editor-schema";
import { EVENT_CONFLICT_MESSAGE } from "~/features/premium/events.server";
import { RESOURCE_CONFLICT_MESSAGE } from "~/features/premium/resources.server";
import type { MembershipTier } from "~/lib/auth.server";
import * as memberEventsPage from "../../members/events";
import * as resourceDownload from "../../members/resource-download";
import * as memberResourcesPage from "../../members/resources";

const PDF = readFileSync("tests/fixtures/media/resource.pdf");
const ZIP = readFileSync("tests/fixtures/media/resource.zip");
const CLIP = readFileSync("tests/fixtures/media/clip.mp4");

let database: TestDatabase;
let media: TestMediaStorage;
let owner: string;
const members = {} as Record<MembershipTier, TestMember>;
let earlierFiles: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  media = await openTestMediaStorage("disk");
  owner = await signInOwner(database.db);
  for (const tier of ["free", "basic", "premium"] as const)
    members[tier] = await signInMember(database.db, tier, { email: `${tier}@example.com` });
}, 30_000);
afterAll(async () => {
  await media?.close();
  await database?.close();
});
beforeEach(async () => {
  earlierFiles = await media.listFiles();
});
const newFiles = async () => (await media.listFiles()).filter((file) => !earlierFiles.includes(file));

const call = (path: string, method: string, { body }: { body?: unknown } = {}) =>
  callApi(
    database.db,
    new Request(`http://localhost${path}`, {
      method,
      headers: { cookie: owner, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { media: media.storage },
  );

const memberPage = async (handler: RouteHandler, path: string, tier: MembershipTier) =>
  (
    await callRoute(
      handler,
      database.db,
      new Request(`http://localhost${path}`, { headers: { cookie: members[tier].cookie } }),
      {
        media: media.storage,
      },
    )
  ).body as
    | { access: "granted"; content: { id: number; title: string; joinUrl?: string | null }[] }
    | { access: "denied" };

async function download(id: number | string, tier: MembershipTier) {
  const request = new Request(`http://localhost/members/resources/download/${id}`, {
    headers: { cookie: members[tier].cookie },
  });
  return (await resourceDownload.loader({
    request,
    params: { fileId: String(id) },
    context: routeContext(database.db, { media: media.storage }),
  } as never)) as Response;
}

async function uploadFile(id: number, bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], name, { type }));
  return callApi(
    database.db,
    new Request(`http://localhost/api/admin/resources/${id}/file`, {
      method: "PUT",
      headers: { cookie: owner },
      body: form,
    }),
    { media: media.storage },
  );
}

const EVENT = {
  title: "Ask Me Anything",
  description: "Bring <b>questions</b>.",
  startsAtLocal: "2030-05-01T12:00",
  timeZone: "America/New_York",
  durationMinutes: 45,
  joinUrl: "https://meet.example.com/ama",
  tier: "basic",
};

describe("members' events", () => {
  it("lists the sample events, all premium, in UTC", async () => {
    const answer = await call("/api/admin/events", "GET");
    const events = (answer.body as { data: OwnerEvent[] }).data;
    expect(events.map((event) => event.title)).toEqual([
      "Behind the Mic: A Live Recording Session",
      "Founder Roundtable: Scaling After Disruption",
      "Live Q&A with the Host",
    ]);
    expect(events.every((event) => event.tier === "premium" && event.timeZone === "UTC")).toBe(true);
  });

  it("creates an event at the wall-clock time of its zone; basic and premium members see it, free ones do not", async () => {
    const answer = await call("/api/admin/events", "POST", { body: EVENT });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const created = (answer.body as { data: OwnerEvent }).data;
    expect(created).toMatchObject({
      startsAt: "2030-05-01T16:00:00.000Z",
      startsAtLocal: "2030-05-01T12:00",
      version: 1,
    });

    const basic = await memberPage(memberEventsPage.loader, "/members/events", "basic");
    expect(basic).toMatchObject({ access: "granted" });
    if (basic.access !== "granted") throw new Error("denied");
    expect(basic.content.map((event) => event.title)).toEqual(["Ask Me Anything"]);
    expect(basic.content[0]).toMatchObject({ joinUrl: "https://meet.example.com/ama" });
    expect(await memberPage(memberEventsPage.loader, "/members/events", "free")).toEqual({ access: "denied" });
    const premium = await memberPage(memberEventsPage.loader, "/members/events", "premium");
    if (premium.access !== "granted") throw new Error("denied");
    expect(premium.content.map((event) => event.title)).toContain("Ask Me Anything");
    expect(premium.content).toHaveLength(4);
  });

  it.each([
    [{ joinUrl: "javascript:alert(1)" }, "Enter a join link starting with http:// or https://"],
    [{ joinUrl: "ftp://example.com/file" }, "Enter a join link starting with http:// or https://"],
    [{ timeZone: "Mars/Olympus_Mons" }, "Enter a time zone such as Europe/London or UTC"],
    [{ startsAtLocal: "2030-02-30T12:00" }, "Enter a real date and time"],
    [{ startsAtLocal: "2030-13-45T12:00" }, "Enter a real date and time"],
    [{ durationMinutes: 0 }, "Duration must be between 1 and 1,440 minutes"],
    [{ tier: "gold" }, "Tier must be free, basic or premium"],
    [{ title: "  " }, "Title is required"],
  ])("refuses %j with 400 and writes nothing", async (change, message) => {
    const before = await database.db.select().from(memberEvents);
    const answer = await call("/api/admin/events", "POST", { body: { ...EVENT, ...change } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, message });
    expect(await database.db.select().from(memberEvents)).toHaveLength(before.length);
  });

  it("saves with the version it opened; a stale save gets 409 and changes nothing; delete removes it", async () => {
    const created = ((await call("/api/admin/events", "POST", { body: EVENT })).body as { data: OwnerEvent }).data;
    const saved = await call(`/api/admin/events/${created.id}`, "PUT", {
      body: { ...EVENT, title: "Edited", joinUrl: "", version: 1 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ message: "Event Saved", data: { title: "Edited", joinUrl: null, version: 2 } });
    const stale = await call(`/api/admin/events/${created.id}`, "PUT", {
      body: { ...EVENT, title: "Lost", version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ success: false, message: EVENT_CONFLICT_MESSAGE });
    expect(await rowById(database.db, memberEvents, created.id)).toMatchObject({ title: "Edited", version: 2 });

    expect((await call(`/api/admin/events/${created.id}`, "DELETE")).status).toBe(200);
    expect((await call(`/api/admin/events/${created.id}`, "GET")).status).toBe(404);
    expect((await call(`/api/admin/events/${created.id}`, "DELETE")).status).toBe(404);
  });
});

describe("members' resources", () => {
  it("lists the four sample resources with their built-in files; premium members download them", async () => {
    const resources = ((await call("/api/admin/resources", "GET")).body as { data: OwnerResource[] }).data;
    expect(resources.map((resource) => resource.file?.name)).toEqual([
      "disruption-playbook.pdf",
      "innovation-audit-checklist.pdf",
      "season-one-transcripts.pdf",
      "pitch-deck-templates.zip",
    ]);
    const reply = await download(resources[0].id, "premium");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-disposition")).toBe('attachment; filename="disruption-playbook.pdf"');
  });

  it("a new resource stays hidden until its file is uploaded (checked by content); the tier is checked on every download", async () => {
    const answer = await call("/api/admin/resources", "POST", {
      body: { title: "Basic Guide", description: "For basic members.", tier: "basic" },
    });
    expect(answer.status).toBe(201);
    const created = (answer.body as { data: OwnerResource }).data;
    expect(created.file).toBeNull();
    const hidden = await memberPage(memberResourcesPage.loader, "/members/resources", "basic");
    expect(hidden).toEqual({ access: "denied" });

    const refused = await uploadFile(created.id, CLIP, "guide.pdf", "application/pdf");
    expect(refused.status).toBe(415);
    expect(refused.body).toMatchObject({ success: false, message: "The file is not a PDF or ZIP file." });
    expect(await newFiles()).toEqual([]);

    const uploaded = await uploadFile(created.id, PDF, "guide.pdf", "application/pdf");
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body).toMatchObject({
      message: "File uploaded",
      data: { file: { name: "basic-guide.pdf", uploaded: true } },
    });
    expect(await newFiles()).toHaveLength(1);

    const shown = await memberPage(memberResourcesPage.loader, "/members/resources", "basic");
    if (shown.access !== "granted") throw new Error("denied");
    expect(shown.content.map((resource) => resource.title)).toEqual(["Basic Guide"]);

    const basic = await download(created.id, "basic");
    expect(basic.status).toBe(200);
    expect(basic.headers.get("cache-control")).toContain("private");
    expect(Buffer.from(await basic.arrayBuffer()).equals(PDF)).toBe(true);
    const free = await download(created.id, "free");
    expect(free.status).toBe(403);
    expect(await free.text()).toBe("Basic membership required");

    const samples = ((await call("/api/admin/resources", "GET")).body as { data: OwnerResource[] }).data;
    const premiumOnly = await download(samples[0].id, "basic");
    expect(premiumOnly.status).toBe(403);
    expect(await premiumOnly.text()).toBe("Premium membership required");

    // Replacing the file removes the one it replaced; deleting the resource removes its file.
    earlierFiles = await media.listFiles();
    expect((await uploadFile(created.id, ZIP, "guide.zip", "application/zip")).status).toBe(200);
    const after = await media.listFiles();
    expect(after).toHaveLength(earlierFiles.length);
    expect(await download(created.id, "basic").then((reply) => reply.headers.get("content-disposition"))).toContain(
      "basic-guide.zip",
    );
    expect((await call(`/api/admin/resources/${created.id}`, "DELETE")).status).toBe(200);
    expect(await media.listFiles()).toHaveLength(earlierFiles.length - 1);
    expect((await download(created.id, "premium")).status).toBe(404);
    expect((await download(created.id, "basic")).status).toBe(403);
  });

  it("saves with the version it opened and refuses a stale save with 409", async () => {
    const created = (
      (
        await call("/api/admin/resources", "POST", {
          body: { title: "Versioned", description: "One.", tier: "premium" },
        })
      ).body as { data: OwnerResource }
    ).data;
    const fields = { title: "Versioned, Edited", description: "Two.", tier: "free" };
    const first = await call(`/api/admin/resources/${created.id}`, "PUT", { body: { ...fields, version: 1 } });
    expect(first.body).toMatchObject({ data: { title: "Versioned, Edited", tier: "free", version: 2 } });
    const stale = await call(`/api/admin/resources/${created.id}`, "PUT", { body: { ...fields, version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: RESOURCE_CONFLICT_MESSAGE });
    const missing = await call(`/api/admin/resources/${999_999}`, "PUT", { body: { ...fields, version: 1 } });
    expect(missing.status).toBe(404);
    expect((await rowById(database.db, memberResources, created.id))?.version).toBe(2);
  });

  it("an upload to a missing resource or without a file keeps nothing", async () => {
    expect((await uploadFile(999_999, PDF, "x.pdf", "application/pdf")).status).toBe(404);
    const empty = await callApi(
      database.db,
      new Request("http://localhost/api/admin/resources/1/file", {
        method: "PUT",
        headers: { cookie: owner },
        body: new FormData(),
      }),
      { media: media.storage },
    );
    expect(empty.status).toBe(400);
    expect(await newFiles()).toEqual([]);
  });
});
