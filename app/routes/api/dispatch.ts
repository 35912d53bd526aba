import type { Route } from "./+types/dispatch";
import { api } from "./calls.server";

/**
 * Every address under /api: the declared calls answer it (app/routes/api/calls.server.ts), an unknown one is a 404
 * (docs/decisions/051-api-calls-declared-once.md).
 */
export const loader = (args: Route.LoaderArgs) => api.dispatch(args);
export const action = (args: Route.ActionArgs) => api.dispatch(args);
