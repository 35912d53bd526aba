import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Route } from "./+types/root";
import { ErrorBoundary } from "./root";

/** What React Router hands the boundary for a thrown `data(...)`: a route error response. */
const routeError = (status: number, data: unknown) => ({ status, statusText: "", internal: false, data });

const render = (error: unknown) =>
  renderToStaticMarkup(createElement(ErrorBoundary, { error } as unknown as Route.ErrorBoundaryProps));

describe("the root error boundary", () => {
  it("shows the request id of an unexpected server error, and nothing of the error itself", () => {
    const html = render(
      routeError(500, { message: "Something went wrong. Please try again later.", requestId: "0b6c-42" }),
    );
    expect(html).toContain("Something went wrong");
    expect(html).toContain('<p class="mt-2 text-muted-foreground text-sm">Request id: 0b6c-42</p>');
  });

  it("shows no request id for a page that does not exist", () => {
    const html = render(routeError(404, null));
    expect(html).toContain("Page Not Found");
    expect(html).not.toContain("Request id");
  });
});
