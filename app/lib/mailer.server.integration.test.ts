import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { mailOutbox } from "~/db/schema";
import { parseEnv } from "~/lib/env.server";
import { createMailer } from "~/lib/mailer.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const TOKEN = "Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp_Oo-NnMmLlK";
const text = (site: string) =>
  `Open this link to sign in:\n\n${site}/sign-in/verify?token=${TOKEN}\n\nThe link works once.`;

/** Sends one mail without SMTP under NODE_ENV `nodeEnv`; returns what the log printed and what the outbox holds. */
async function sendWithout(nodeEnv: "production" | "development" | "test", to: string) {
  const printed: string[] = [];
  vi.spyOn(console, "log").mockImplementation((line: string) => void printed.push(line));
  const env = parseEnv({ NODE_ENV: nodeEnv, SITE_URL: "https://podcast.example.com" });
  await createMailer(env, database.db).send({ to, subject: "Your sign-in link", text: text(env.SITE_URL) });
  const [stored] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  return { printed: printed.join("\n"), stored };
}

describe("mail without SMTP", () => {
  it("prints a production mail with its links' tokens redacted, and keeps it whole in the outbox", async () => {
    const { printed, stored } = await sendWithout("production", "production@example.com");
    expect(printed).toBe(
      [
        "[mail] to production@example.com: Your sign-in link",
        "Open this link to sign in:",
        "",
        "https://podcast.example.com/sign-in/verify?token=[redacted]",
        "",
        "The link works once.",
        "[/mail]",
      ].join("\n"),
    );
    expect(stored.text).toBe(text("https://podcast.example.com"));
  });

  it.each(["development", "test"] as const)("prints the whole mail under NODE_ENV=%s", async (nodeEnv) => {
    const { printed, stored } = await sendWithout(nodeEnv, `${nodeEnv}@example.com`);
    expect(printed).toBe(
      `[mail] to ${nodeEnv}@example.com: Your sign-in link\n${text("https://podcast.example.com")}\n[/mail]`,
    );
    expect(stored.text).toBe(text("https://podcast.example.com"));
  });
});
