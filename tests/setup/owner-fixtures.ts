import type { Database } from "~/db/client.server";
import { contacts, contentEpisodes, contentSeries, guestApplications, podcastEpisodes, subscribers } from "~/db/schema";

/** Rows written straight to the database, for the owner's screens and calls to act on. */
export async function insertContact(db: Database, values: Partial<typeof contacts.$inferInsert> = {}) {
  const [row] = await db
    .insert(contacts)
    .values({
      name: "Ada Lovelace",
      email: "ada@example.com",
      subject: "pitch",
      message: "I have a story about analytical engines.",
      ...values,
    })
    .returning();
  return row;
}

export async function insertApplication(db: Database, values: Partial<typeof guestApplications.$inferInsert> = {}) {
  const [row] = await db
    .insert(guestApplications)
    .values({
      name: "Grace Hopper",
      email: "grace@example.com",
      company: "Navy",
      jobTitle: "Rear Admiral",
      expertise: "Compilers",
      topicIdea: "Why the first bug was a moth",
      biography: "Pioneer of computer programming who invented one of the first compiler related tools.",
      socialLinks: { linkedin: "https://www.linkedin.com/in/grace" },
      ...values,
    })
    .returning();
  return row;
}

export async function insertSubscriber(db: Database, values: Partial<typeof subscribers.$inferInsert> = {}) {
  const [row] = await db
    .insert(subscribers)
    .values({ email: `reader-${Math.random().toString(36).slice(2)}@example.com`, ...values })
    .returning();
  return row;
}

export async function insertSeries(db: Database, values: Partial<typeof contentSeries.$inferInsert> = {}) {
  const [row] = await db
    .insert(contentSeries)
    .values({
      title: "Founders in Crisis",
      description: "Founders on the week everything broke.",
      slug: `series-${Math.random().toString(36).slice(2)}`,
      ...values,
    })
    .returning();
  return row;
}

export async function insertEpisode(
  db: Database,
  seriesId: number,
  values: Partial<typeof contentEpisodes.$inferInsert> = {},
) {
  const [row] = await db
    .insert(contentEpisodes)
    .values({
      seriesId,
      title: "The Pivot",
      description: "How a startup survived its pivot.",
      episodeNumber: 1,
      ...values,
    })
    .returning();
  return row;
}

/** A draft podcast episode (no audio), for the owner's episode calls to act on. */
export async function insertPodcastEpisode(db: Database, values: Partial<typeof podcastEpisodes.$inferInsert> = {}) {
  const suffix = Math.random().toString(36).slice(2);
  const [row] = await db
    .insert(podcastEpisodes)
    .values({ guid: `guid-${suffix}`, slug: `draft-${suffix}`, title: "A draft", description: "", ...values })
    .returning();
  return row;
}
