import { buildRobotsTxt } from "~/features/discovery/robots.server";
import { appContext } from "~/lib/app-context.server";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(appContext);
  return new Response(buildRobotsTxt(env.SITE_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
