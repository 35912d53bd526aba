import type { PublicRouteHandle } from "~/lib/public-routes";
import type { Route } from "./+types/public-insights";
import { api } from "./calls.server";

/**
 * GET /api/insights, answered by its declaration like every call, has a route entry of its own only to declare it
 * public: the page cache may store its answer (docs/decisions/031-page-cache-front-door.md).
 */
export const handle: PublicRouteHandle = { publicRoute: { shows: ["insights"] } };

export const loader = (args: Route.LoaderArgs) => api.dispatch(args);
export const action = (args: Route.ActionArgs) => api.dispatch(args);
