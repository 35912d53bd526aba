import { data, isRouteErrorResponse, type RouterContextProvider, type ServerBuild } from "react-router";
import { appContext } from "~/lib/app-context.server";
import { logUnexpectedError } from "~/lib/log-unexpected-error.server";

export const GENERIC_ERROR_MESSAGE = "Something went wrong. Please try again later.";

/** What a page's error boundary receives for an unexpected server error: no detail, only the id to quote. */
export type UnexpectedErrorData = { message: string; requestId: string };

type RouteArgs = { request: Request; context: Readonly<RouterContextProvider> };
type RouteFunction = (args: RouteArgs) => unknown;

const wrappedBuilds = new WeakMap<ServerBuild, ServerBuild>();

/**
 * Every loader and action of the build, made to answer an unexpected error (anything but a thrown Response, `data()`
 * or route error response) without its message: an API route with JSON 500 `{ success, message, requestId }`, a
 * page with a 500 route error that carries only the request id. The error is logged with that id.
 */
export function withUnexpectedErrorAnswers(build: ServerBuild): ServerBuild {
  const known = wrappedBuilds.get(build);
  if (known) return known;
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      if (!route) return [id, route];
      const isApi = route.path?.startsWith("api/") ?? false;
      const module = { ...route.module };
      if (module.loader) module.loader = answeringUnexpectedErrors(module.loader as RouteFunction, isApi);
      if (module.action) module.action = answeringUnexpectedErrors(module.action as RouteFunction, isApi);
      return [id, { ...route, module }];
    }),
  );
  const wrapped = { ...build, routes };
  wrappedBuilds.set(build, wrapped);
  return wrapped;
}

/** A loader or action that answers an unexpected error as described above. */
export function answeringUnexpectedErrors<Args extends RouteArgs, Result>(
  routeFunction: (args: Args) => Result,
  isApi: boolean,
) {
  return async (args: Args) => {
    try {
      return await routeFunction(args);
    } catch (error) {
      if (isIntendedAnswer(error)) throw error;
      const { requestId } = args.context.get(appContext);
      logUnexpectedError(requestId, args.request, error);
      if (isApi) {
        return Response.json({ success: false, message: GENERIC_ERROR_MESSAGE, requestId }, { status: 500 });
      }
      throw data<UnexpectedErrorData>({ message: GENERIC_ERROR_MESSAGE, requestId }, { status: 500 });
    }
  };
}

function isIntendedAnswer(thrown: unknown) {
  return (
    thrown instanceof Response ||
    isRouteErrorResponse(thrown) ||
    (typeof thrown === "object" && thrown !== null && (thrown as { type?: unknown }).type === "DataWithResponseInit")
  );
}
