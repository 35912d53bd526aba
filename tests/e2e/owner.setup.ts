import { expect, test as setup } from "@playwright/test";
import { E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { OWNER_STORAGE_STATE } from "./owner-support";

setup("log in as the owner once for the run", async ({ request }) => {
  const response = await request.post("/api/admin/login", { data: { password: E2E_ADMIN_PASSWORD } });
  expect(response.status()).toBe(200);
  await request.storageState({ path: OWNER_STORAGE_STATE });
});
