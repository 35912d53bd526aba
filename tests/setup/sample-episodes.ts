import type { Database } from "~/db/client.server";
import type { MediaStorage } from "~/lib/media/media-storage.server";
import { mediaLimits } from "~/lib/media/store-upload.server";
import {
  seedSampleContent,
  seedSamplePremiumEpisodes,
  storeSampleEpisodeMedia,
} from "../../server/seed-sample-content";

/** The sample episodes, the premium ones included, with their files stored in `media`, as a start-up leaves them. */
export async function seedSampleEpisodes(db: Database, media: MediaStorage) {
  await seedSampleContent(db);
  await seedSamplePremiumEpisodes(db);
  await storeSampleEpisodeMedia(db, media, mediaLimits({ MAX_AUDIO_MB: 500 }));
}
