import type { RouterContextProvider } from "react-router";
import type { Database } from "~/db/client.server";
import { api } from "~/routes/api/calls.server";
import { type CallRouteOptions, callRoute } from "./call-route";

/**
 * The dispatcher as React Router calls it (the loader and the action are the same), for test helpers that call either
 * an API address or a page's loader, or read the raw response. Route parameters, if given, are not used: the
 * dispatcher reads them from the address.
 */
export const dispatchApi = (args: { request: Request; context: Readonly<RouterContextProvider>; params?: unknown }) =>
  api.dispatch(args);

/**
 * Sends a request to the API the way the server does: through the one dispatcher, which finds the declared call by
 * the request's address and method, so the address must hold the call's parameters.
 */
export function callApi(db: Database, request: Request, options: Omit<CallRouteOptions, "params"> = {}) {
  return callRoute(dispatchApi, db, request, options);
}
