import type { Browser, Page } from "@playwright/test";
import { samplePodcastEpisodes } from "../../app/db/sample-content";
import { MOCK_USERS } from "../../app/features/auth/mock-users";
import { expect, test } from "./fixtures";
import { OWNER_STORAGE_STATE } from "./owner-support";
import { openPage } from "./support";

const premiumEpisode = samplePodcastEpisodes.find((episode) => episode.premium);
const ALIAS = "feed-journey";
const MEMBER_EMAIL = MOCK_USERS.free.email.replace("@", `+${ALIAS}@`);

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

/** The owner's Members screen in a browser context of its own, with the member found by the search. */
async function ownerMembersScreen(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, storageState: OWNER_STORAGE_STATE });
  const page = await context.newPage();
  await openPage(page, "/admin/members");
  await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
  await page.getByLabel("Search members").fill(`+${ALIAS}@`);
  await expect(page.getByRole("table", { name: "Members" }).getByRole("row")).toHaveCount(2);
  return page;
}

async function setTier(owner: Page, label: string, description: string) {
  await owner.getByLabel(`Tier of ${MEMBER_EMAIL}`).selectOption({ label });
  const toast = owner.getByRole("region", { name: /Notifications/, includeHidden: true }).getByRole("listitem");
  await expect(toast.getByText(description, { exact: true })).toBeVisible();
  await expect(owner.getByLabel(`Tier of ${MEMBER_EMAIL}`)).toHaveValue(label.toLowerCase());
}

test("the owner comps a member Premium; the member hears a premium episode, copies the private feed, and a downgrade stops its premium items", async ({
  page,
  browser,
  baseURL,
  signInAs,
  playwright,
}) => {
  test.setTimeout(90_000);
  if (!premiumEpisode || !baseURL) throw new Error("the sample content has a premium episode");
  await signInAs("free", { alias: ALIAS });

  // The owner finds the free member and gives them a complimentary Premium membership.
  const owner = await ownerMembersScreen(browser, baseURL);
  const row = owner.getByRole("row").filter({ hasText: MEMBER_EMAIL });
  await expect(row.getByText("Frankie Free")).toBeVisible();
  await setTier(owner, "Premium", `${MEMBER_EMAIL} now has a complimentary Premium membership.`);
  await expect(row.getByText("Complimentary")).toBeVisible();

  // The member hears the premium episode on its page.
  await openPage(page, `/podcast/${premiumEpisode.slug}`);
  const player = page.locator("audio");
  await expect(player).toHaveAttribute("src", /^\/media\/episodes\/audio\//);
  await player.evaluate((audio: HTMLAudioElement) => audio.play());
  await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeGreaterThan(0);

  // The profile offers the private feed: copied, and handed to podcast apps.
  await openPage(page, "/members/profile");
  const feedSection = page.getByRole("region", { name: "Your Private Podcast Feed" });
  const address = await feedSection.getByLabel("Feed address").inputValue();
  expect(address).toMatch(new RegExp(`^${baseURL}/feeds/[A-Za-z0-9_-]{43}\\.xml$`));
  await feedSection.getByRole("button", { name: "Copy Feed Address" }).click();
  await expect(page.getByText("Feed Address Copied", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await expect(feedSection.getByRole("link", { name: "Add to Overcast" })).toHaveAttribute(
    "href",
    `overcast://x-callback-url/add?url=${encodeURIComponent(address)}`,
  );

  // A podcast app, with no cookies, reads the feed and plays the premium episode with byte ranges.
  const app = await playwright.request.newContext();
  const feed = await app.get(address);
  expect(feed.status()).toBe(200);
  const xml = await feed.text();
  expect(xml).toContain(`<title>${premiumEpisode.title}</title>`);
  const enclosures = [...xml.matchAll(/<enclosure url="([^"]+)"/g)].map((match) => match[1]);
  const premiumItem = xml.slice(xml.indexOf(`<title>${premiumEpisode.title}</title>`));
  const premiumAudio = /<enclosure url="([^"]+)"/.exec(premiumItem)?.[1] as string;
  expect(enclosures).toContain(premiumAudio);
  const range = await app.get(premiumAudio, { headers: { Range: "bytes=0-1023" } });
  expect(range.status()).toBe(206);
  expect(range.headers()["content-range"]).toMatch(/^bytes 0-1023\/\d+$/);

  // The owner downgrades the member to Basic: premium items stop at once; then to Free: the feed stops.
  await setTier(owner, "Basic", `${MEMBER_EMAIL} now has a complimentary Basic membership.`);
  const basicFeed = await (await app.get(address)).text();
  expect(basicFeed).not.toContain(`<title>${premiumEpisode.title}</title>`);
  expect((await app.get(premiumAudio)).status()).toBe(403);
  await setTier(owner, "Free", `${MEMBER_EMAIL} is now a Free member.`);
  expect((await app.get(address)).status()).toBe(403);
  await openPage(page, "/members/profile");
  await expect(page.getByRole("region", { name: "Your Private Podcast Feed" })).toHaveCount(0);
  await app.dispose();
});
