import { data } from "react-router";
import { EpisodeEditor } from "~/features/episodes/components/episode-editor";
import { EpisodeMediaUploads } from "~/features/episodes/components/episode-media-uploads";
import { listGuestChoices, readOwnerEpisode } from "~/features/episodes/owner-episodes.server";
import { parseIdParam } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireStaffForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { ROLES } from "~/lib/staff-roles";
import type { Route } from "./+types/episode-editor";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data?.episode ? `Edit: ${args.data.episode.title}` : "New Episode",
    description: "The episode editor.",
    noIndex: true,
  });

/** /admin/episodes/new and /admin/episodes/{id}: the editor, with the guests it may offer. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, env } = context.get(appContext);
  await requireStaffForPage(db, request, ROLES.content);
  const guestChoices = await listGuestChoices(db);
  const maxAudioMb = env.MAX_AUDIO_MB;
  if (params.id === undefined) return { episode: null, guestChoices, maxAudioMb };
  const id = parseIdParam(params.id);
  const episode = id === null ? null : await readOwnerEpisode(db, id, new Date());
  if (!episode) throw data("Episode not found", { status: 404 });
  return { episode, guestChoices, maxAudioMb };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { episode, guestChoices, maxAudioMb } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 pt-28 pb-24">
      <h1 className="mb-8 font-bold text-4xl tracking-tight">{episode ? "Edit Episode" : "New Episode"}</h1>
      {/* A new key per episode: its uncontrolled fields start again from that episode's values. */}
      <EpisodeEditor
        key={episode?.id ?? "new"}
        episode={episode}
        guestChoices={guestChoices}
        mediaUploads={
          episode ? (
            <EpisodeMediaUploads
              episodeId={episode.id}
              media={{ audio: episode.audio, artwork: episode.artwork, transcript: episode.transcript }}
              maxAudioMb={maxAudioMb}
            />
          ) : undefined
        }
      />
    </main>
  );
}
