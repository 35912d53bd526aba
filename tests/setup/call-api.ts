import type { Database } from "~/db/client.server";
import { api } from "~/routes/api/calls.server";
import { type CallRouteOptions, callRoute } from "./call-route";

/**
 * Sends a request to the API the way the server does: through the one dispatcher, which finds the declared call by
 * the request's address and method (its parameters come from the address, so `options.params` is not used).
 */
export function callApi(db: Database, request: Request, options: Omit<CallRouteOptions, "params"> & { params?: unknown } = {}) {
  const { params: _ignored, ...rest } = options;
  return callRoute((args: Parameters<typeof api.dispatch>[0]) => api.dispatch(args), db, request, rest);
}
