import { afterEach, describe, expect, it, vi } from "vitest";
import { routeContext } from "#tests/setup/call-route";
import type { Database } from "~/db/client.server";
import { apiError } from "./api.server";
import { type ActivityEntry, apiCall, apiRegistry } from "./api-calls.server";

const noDatabase = {} as Database;

function registryRecordingInto(recorded: ActivityEntry[], failWith?: Error) {
  return apiRegistry(
    [
      apiCall({
        method: "POST",
        path: "/api/things/:id",
        access: "public",
        activity: async ({ id }) => {
          const titleBefore = `Thing ${id}`;
          return (answer) => ({
            kind: "thing.changed",
            subjectType: "thing",
            subjectId: String(id),
            subjectTitle: titleBefore,
            detail: (answer as { data: string }).data,
          });
        },
        handler: ({ id }) => (id === 404 ? apiError(404, "Not found") : { success: true, data: "changed" }),
      }),
    ],
    {
      async recordActivity(_context, _request, entry) {
        if (failWith) throw failWith;
        recorded.push(entry);
      },
    },
  );
}

const post = (registry: ReturnType<typeof apiRegistry>, id: number) =>
  registry.dispatch({
    request: new Request(`http://localhost/api/things/${id}`, { method: "POST" }),
    context: routeContext(noDatabase),
  });

afterEach(() => vi.restoreAllMocks());

describe("a call's activity declaration", () => {
  it("is recorded after a successful answer, with what the declaration read before and the answer", async () => {
    const recorded: ActivityEntry[] = [];
    expect(await post(registryRecordingInto(recorded), 7)).toEqual({ success: true, data: "changed" });
    expect(recorded).toEqual([
      { kind: "thing.changed", subjectType: "thing", subjectId: "7", subjectTitle: "Thing 7", detail: "changed" },
    ]);
  });

  it("records nothing after a refusal", async () => {
    const recorded: ActivityEntry[] = [];
    await post(registryRecordingInto(recorded), 404);
    expect(recorded).toEqual([]);
  });

  it("leaves the answer as it was when the entry cannot be stored, and logs why", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failure = new Error("the log is unreachable");
    expect(await post(registryRecordingInto([], failure), 7)).toEqual({ success: true, data: "changed" });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("POST /api/things/7"), failure);
  });
});
