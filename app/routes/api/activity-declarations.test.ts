import { describe, expect, it } from "vitest";
import type { AnyApiCall, ApiAccess } from "~/lib/api-calls.server";
import { api } from "./calls.server";

/** Whether the admin area's people may make the call (staff of some role, alone or among others). */
function forTheAdminArea(access: ApiAccess): boolean {
  if (typeof access === "object" && "staff" in access) return true;
  return typeof access === "object" && "anyOf" in access && access.anyOf.some(forTheAdminArea);
}

const name = (call: AnyApiCall) => `${call.method} ${call.path}`;

describe("the activity log's declarations", () => {
  it("has every owner call that may change something declare what it records, or that it changes nothing", () => {
    const changes = api.calls.filter((call) => call.method !== "GET" && forTheAdminArea(call.access));
    expect(changes.length).toBeGreaterThan(30);
    expect(changes.filter((call) => call.activity === undefined).map(name)).toEqual([]);
  });

  it("records no read but the backup, which copies everything out of the site", () => {
    const reads = api.calls.filter((call) => call.method === "GET" && call.activity !== undefined);
    expect(reads.map(name)).toEqual(["GET /api/admin/backup"]);
  });
});
