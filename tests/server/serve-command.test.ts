import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUILT_SERVER, PROJECT_ROOT, SERVER_NODE_FLAGS } from "./helpers";

describe("npm run serve", () => {
  it("starts the compiled server with the Node flags the tests, the benchmark and the browser tests use", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8"));
    const builtServer = path.relative(PROJECT_ROOT, BUILT_SERVER);
    expect(manifest.scripts.serve).toBe(`NODE_ENV=production node ${SERVER_NODE_FLAGS.join(" ")} ${builtServer}`);
    expect(manifest.scripts.build).toContain(`--outfile=${builtServer}`);
  });
});
