import fs from "node:fs";

/** End-to-end tests drive the system's Chromium (Debian's package), or the browser named by CHROMIUM_PATH. */
export function chromiumExecutable(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(
    (candidate): candidate is string => Boolean(candidate),
  );
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) {
    throw new Error(
      `No Chromium found (looked for ${candidates.join(", ")}). Install Debian's package with "apt-get install chromium", or set CHROMIUM_PATH to a Chromium or Chrome executable.`,
    );
  }
  return found;
}

/** Flags for a closed network: without them Chromium keeps trying to reach Google's services. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
