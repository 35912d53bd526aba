import { recordsChange } from "~/features/activity/changes.server";
import { EPISODE_MEDIA_FIELDS } from "~/features/episodes/episode-media";
import { answerEpisodeMediaRemoval, answerEpisodeMediaUpload } from "~/features/episodes/episode-media.server";
import { type AnyApiCall, apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

/**
 * PUT /api/admin/episodes/{id}/{audio|artwork|transcript}: the multipart field of that name (an MP3 or M4A file; a
 * square JPEG or PNG of 1400 to 3000 px; a WebVTT or SRT file) replaces the episode's file. DELETE removes the
 * artwork (the show's is used again) or the transcript; audio can only be replaced. The handler reads the raw
 * multipart request, with the upload's own size and time limits.
 */
export const calls: AnyApiCall[] = EPISODE_MEDIA_FIELDS.flatMap((field) => [
  apiCall({
    method: "PUT",
    path: `/api/admin/episodes/:id/${field}`,
    access: { staff: ROLES.content },
    activity: recordsChange("episode", `${field}_uploaded`),
    handler: ({ context, request, id }) => answerEpisodeMediaUpload(context, request, id, field),
  }),
  ...(field === "audio"
    ? []
    : [
        apiCall({
          method: "DELETE",
          path: `/api/admin/episodes/:id/${field}`,
          access: { staff: ROLES.content },
          activity: recordsChange("episode", `${field}_removed`),
          handler: ({ context, id }) => answerEpisodeMediaRemoval(context, id, field),
        }),
      ]),
]);
