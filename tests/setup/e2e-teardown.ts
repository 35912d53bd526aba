import fs from "node:fs";

/** Removes the run's temporary data folder (made in playwright.config.ts). */
export default function removeE2eDataDir() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
