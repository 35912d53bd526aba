import { RouterContextProvider, type ServerBuild } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appContext } from "~/lib/app-context.server";
import { withUnexpectedErrorAnswers } from "./unexpected-errors";

afterEach(() => {
  vi.restoreAllMocks();
});

const failing = () => {
  throw new Error('duplicate key value violates unique constraint "users_email_unique"');
};

const build = {
  routes: {
    root: { id: "root", path: "", module: { loader: failing, default: () => null } },
    "routes/api/subscribe": { id: "routes/api/subscribe", path: "api/subscribe", module: { action: failing } },
  },
} as unknown as ServerBuild;

const args = (path: string) => ({
  request: new Request(`http://localhost${path}`, { method: "POST" }),
  context: new RouterContextProvider(new Map([[appContext, { requestId: "req-1" }]])),
  params: {},
});

describe("withUnexpectedErrorAnswers", () => {
  it("makes an API route's action answer JSON 500 with the request id instead of throwing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const wrapped = withUnexpectedErrorAnswers(build);
    const action = wrapped.routes["routes/api/subscribe"]?.module.action as (a: unknown) => Promise<Response>;
    const response = await action(args("/api/subscribe"));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      success: false,
      message: "Something went wrong. Please try again later.",
      requestId: "req-1",
    });
  });

  it("makes a page's loader throw a 500 route error with only the message and request id", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const loader = withUnexpectedErrorAnswers(build).routes.root?.module.loader as (a: unknown) => Promise<unknown>;
    await expect(loader(args("/"))).rejects.toMatchObject({
      type: "DataWithResponseInit",
      data: { message: "Something went wrong. Please try again later.", requestId: "req-1" },
      init: { status: 500 },
    });
  });

  it("keeps the rest of the build and wraps each build once", () => {
    const wrapped = withUnexpectedErrorAnswers(build);
    expect(withUnexpectedErrorAnswers(build)).toBe(wrapped);
    expect(wrapped.routes.root?.module.default).toBe(build.routes.root?.module.default);
    expect(build.routes.root?.module.loader).toBe(failing);
  });
});
