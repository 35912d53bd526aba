import { describe, expect, it } from "vitest";
import { exampleManifest as manifest } from "#tests/setup/public-routes";
import { publicRouteMatcher } from "./public-routes";

describe("the public route matcher", () => {
  it("matches a path to the route React Router would answer it with, and only a public one", () => {
    const match = publicRouteMatcher(manifest);
    expect(match("/")?.id).toBe("routes/home");
    expect(match("/articles/some-id")?.path).toBe("/articles/:id");
    expect(match("/feed.xml")?.page).toBe(false);
    expect(match("/articles/draft")).toBeNull();
    expect(match("/undeclared")).toBeNull();
    expect(match("/nowhere")).toBeNull();
  });
});
