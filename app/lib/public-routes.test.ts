import { describe, expect, it } from "vitest";
import { publicRouteMatcher, type RouteEntry } from "./public-routes";

const Page = () => null;
const declared = (shows: ("insights" | "episodes")[] = []) => ({ handle: { publicRoute: { shows } }, default: Page });

const manifest: Record<string, RouteEntry> = {
  root: { id: "root", path: "", module: { default: Page } },
  "routes/home": { id: "routes/home", parentId: "root", index: true, module: declared(["episodes"]) },
  "routes/declared": { id: "routes/declared", parentId: "root", path: "declared", module: declared() },
  "routes/undeclared": { id: "routes/undeclared", parentId: "root", path: "undeclared", module: { default: Page } },
  "routes/article": { id: "routes/article", parentId: "root", path: "articles/:id", module: declared(["insights"]) },
  "routes/draft": { id: "routes/draft", parentId: "root", path: "articles/draft", module: { default: Page } },
  "routes/feed": { id: "routes/feed", parentId: "root", path: "feed.xml", module: { handle: declared().handle } },
};

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
