import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "~/db/schema";
import { callRoute, type RouteHandler, routeContext } from "../../../tests/setup/call-route";
import { signInMember, signInOwner } from "../../../tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import * as membershipApi from "../api/auth/membership";
import * as membershipBillingApi from "../api/auth/membership-billing";
import * as userApi from "../api/auth/user";
import * as applicationsApi from "../api/guests/applications";
import * as accountApi from "../api/members/account";
import * as exportApi from "../api/members/export";
import * as feedApi from "../api/members/feed";
import * as profileApi from "../api/members/profile";
import * as dashboard from "./dashboard";
import * as events from "./events";
import * as guestApplications from "./guest-applications";
import * as premiumAudio from "./premium-audio";
import * as premiumContent from "./premium-content";
import * as profile from "./profile";
import * as resourceDownload from "./resource-download";
import * as resources from "./resources";
import * as upgrade from "./upgrade";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const VIEWERS = ["anonymous", "unknown token", "expired session", "owner only", "free", "basic", "premium"] as const;
type Viewer = (typeof VIEWERS)[number];

/** A Cookie header for the viewer, on a member of its own, so that a call that changes the member affects no other. */
async function cookieFor(viewer: Viewer): Promise<string | undefined> {
  const db = database.db;
  switch (viewer) {
    case "anonymous":
      return undefined;
    case "unknown token":
      return "sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    case "owner only":
      return signInOwner(db);
    case "expired session": {
      const member = await signInMember(db, "premium");
      await db
        .update(sessions)
        .set({ expire: new Date(Date.now() - 1000) })
        .where(sql`${sessions.sess}->>'userId' = ${member.id}`);
      return member.cookie;
    }
    default:
      return (await signInMember(db, viewer)).cookie;
  }
}

type Reply = { status: number; location: string | null; body: unknown };

/** Calls a loader or action as React Router does, keeping file bodies unread and thrown guard answers. */
async function invoke(handler: RouteHandler, request: Request, params: Record<string, string>): Promise<Reply> {
  if (request.headers.get("accept") === "file") {
    let response: Response;
    try {
      response = (await handler({
        request,
        params,
        context: routeContext(database.db),
      })) as Response;
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      response = thrown;
    }
    return { status: response.status, location: response.headers.get("location"), body: null };
  }
  const reply = await callRoute(handler, database.db, request, { params });
  return { status: reply.status, location: reply.headers.get("location"), body: reply.body };
}

/** What the viewer gets, in a word: a redirect to sign-in, an access panel, the content, or an error status. */
function outcome(reply: Reply): string {
  if (reply.status === 302 && reply.location?.startsWith("/api/login?returnTo=")) return "sign-in";
  if (reply.status !== 200) return String(reply.status);
  const access = (reply.body as { access?: string } | null)?.access;
  if (access === "denied" || access === "upgrade") return access;
  return "ok";
}

type MemberCall = {
  name: string;
  handler: RouteHandler;
  method?: string;
  params?: Record<string, string>;
  body?: unknown;
  file?: boolean;
  expected: Record<Viewer, string>;
};

const signInFirst = { anonymous: "sign-in", "unknown token": "sign-in", "expired session": "sign-in" } as const;
const notSignedIn = { anonymous: "401", "unknown token": "401", "expired session": "401" } as const;

/** Every member page, premium file and member call, with what each kind of viewer must get (spec sections 6 and 7). */
const MEMBER_CALLS: MemberCall[] = [
  ...(
    [
      ["/members/dashboard", dashboard.loader],
      ["/members/profile", profile.loader],
      ["/members/upgrade", upgrade.loader],
    ] as const
  ).map(([name, handler]) => ({
    name,
    handler,
    expected: { ...signInFirst, "owner only": "sign-in", free: "ok", basic: "ok", premium: "ok" },
  })),
  ...(
    [
      ["/members/premium-content", premiumContent.loader],
      ["/members/events", events.loader],
      ["/members/resources", resources.loader],
    ] as const
  ).map(([name, handler]) => ({
    name,
    handler,
    expected: { ...signInFirst, "owner only": "sign-in", free: "denied", basic: "denied", premium: "ok" },
  })),
  {
    name: "/members/guest-applications",
    handler: guestApplications.loader,
    expected: { ...signInFirst, "owner only": "ok", free: "upgrade", basic: "upgrade", premium: "ok" },
  },
  {
    name: "/members/resources/download/1",
    handler: resourceDownload.loader,
    params: { fileId: "1" },
    file: true,
    expected: { ...signInFirst, "owner only": "sign-in", free: "403", basic: "403", premium: "ok" },
  },
  {
    name: "/members/premium-content/audio/turnaround-playbook-live",
    handler: premiumAudio.loader,
    params: { episodeId: "turnaround-playbook-live" },
    file: true,
    expected: { ...signInFirst, "owner only": "sign-in", free: "403", basic: "403", premium: "ok" },
  },
  {
    name: "GET /api/auth/user",
    handler: userApi.loader,
    expected: { ...notSignedIn, "owner only": "401", free: "ok", basic: "ok", premium: "ok" },
  },
  {
    name: "POST /api/auth/membership",
    handler: membershipApi.action,
    method: "POST",
    body: { membershipTier: "premium" },
    expected: { ...notSignedIn, "owner only": "401", free: "ok", basic: "ok", premium: "400" },
  },
  {
    name: "POST /api/auth/membership/billing",
    handler: membershipBillingApi.action,
    method: "POST",
    body: { action: "cancel" },
    expected: { ...notSignedIn, "owner only": "401", free: "400", basic: "ok", premium: "ok" },
  },
  {
    name: "GET /api/guests/applications",
    handler: applicationsApi.loader,
    expected: { ...notSignedIn, "owner only": "ok", free: "403", basic: "403", premium: "ok" },
  },
  {
    name: "PUT /api/members/profile",
    handler: profileApi.action,
    method: "PUT",
    body: { firstName: "Ann", lastName: "Lee" },
    expected: { ...notSignedIn, "owner only": "401", free: "ok", basic: "ok", premium: "ok" },
  },
  {
    name: "GET /api/members/export",
    handler: exportApi.loader,
    file: true,
    expected: { ...notSignedIn, "owner only": "401", free: "ok", basic: "ok", premium: "ok" },
  },
  {
    name: "GET /api/members/feed",
    handler: feedApi.loader,
    expected: { ...notSignedIn, "owner only": "401", free: "403", basic: "ok", premium: "ok" },
  },
  {
    name: "POST /api/members/feed",
    handler: feedApi.action,
    method: "POST",
    expected: { ...notSignedIn, "owner only": "401", free: "403", basic: "ok", premium: "ok" },
  },
  // Last: it deletes each viewer's member.
  {
    name: "DELETE /api/members/account",
    handler: accountApi.action,
    method: "DELETE",
    expected: { ...notSignedIn, "owner only": "401", free: "ok", basic: "ok", premium: "ok" },
  },
];

describe("who gets through each member page, premium file and member call", () => {
  it.each(MEMBER_CALLS)("$name", async (call) => {
    const answers: Record<string, string> = {};
    for (const viewer of VIEWERS) {
      const cookie = await cookieFor(viewer);
      const path = call.name.replace(/^[A-Z]+ /, "");
      const request = new Request(`http://localhost${path}`, {
        method: call.method ?? "GET",
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(call.file ? { accept: "file" } : {}),
          ...(call.body ? { "content-type": "application/json" } : {}),
        },
        body: call.body ? JSON.stringify(call.body) : undefined,
      });
      answers[viewer] = outcome(await invoke(call.handler, request, call.params ?? {}));
    }
    expect(answers).toEqual(call.expected);
  });
});
