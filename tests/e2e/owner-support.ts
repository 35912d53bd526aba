import path from "node:path";
import { type APIRequestContext, expect, type Locator } from "@playwright/test";

/** The owner's signed-in browser state, written once per run by owner.setup.ts. */
export const OWNER_STORAGE_STATE = path.join(process.env.E2E_DATA_DIR ?? "test-results", "owner-storage-state.json");

/** The row of an owner's table that shows `text` (a name or an email the test made unique). */
export const rowOf = (table: Locator, text: string) => table.getByRole("row").filter({ hasText: text });

/** A tag that keeps one test's rows apart from rows other tests add to the shared database. */
export const uniqueTag = () => `t${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

export async function subscribe(
  request: APIRequestContext,
  data: { email: string; firstName?: string; lastName?: string },
) {
  const response = await request.post("/api/subscribe", { data });
  expect(response.ok()).toBe(true);
}

/** The public contact form's call, to give the owner's screens rows. */
export async function sendContactMessage(
  request: APIRequestContext,
  data: { name: string; email: string; subject: string; message: string },
) {
  const response = await request.post("/api/contact", { data });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The public guest-application form's call, to give the owner's screens rows. */
export async function applyAsGuest(
  request: APIRequestContext,
  data: { name: string; email: string; company?: string; expertise?: string },
) {
  const response = await request.post("/api/guests/apply", {
    data: {
      company: "",
      jobTitle: "Founder",
      expertise: "Product strategy",
      topicIdea: "What a failed launch taught me",
      biography: "Built three companies, sold one, and shut down another after a very public failure.",
      socialLinks: {},
      pastAppearances: "",
      notes: "",
      ...data,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}
