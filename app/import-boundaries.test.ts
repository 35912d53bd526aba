import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";

const BIOME = path.resolve("node_modules/.bin/biome");
const FEATURE_MESSAGE = "A feature does not import another feature";
const SHARED_MESSAGE = "app/lib, app/hooks, app/components and app/db import no feature";
const HOOK_MESSAGE = "app/lib imports no hook";
const SERVER_MESSAGE = "app/ does not import server/";

/** Each file imports one module; `refusedWith` is the start of the message the linter refuses it with. */
const fixtures: { file: string; from: string; refusedWith?: string }[] = [
  { file: "app/features/episodes/by-alias.ts", from: "~/features/insights/schema", refusedWith: FEATURE_MESSAGE },
  { file: "app/features/episodes/by-path.ts", from: "../insights/schema", refusedWith: FEATURE_MESSAGE },
  {
    file: "app/features/episodes/components/by-path.tsx",
    from: "../../insights/schema",
    refusedWith: FEATURE_MESSAGE,
  },
  { file: "app/lib/by-alias.ts", from: "~/features/insights/schema", refusedWith: SHARED_MESSAGE },
  { file: "app/components/by-path.tsx", from: "../features/insights/schema", refusedWith: SHARED_MESSAGE },
  { file: "app/db/by-alias.ts", from: "~/features/insights/schema", refusedWith: SHARED_MESSAGE },
  { file: "app/hooks/by-alias.ts", from: "~/features/insights/schema", refusedWith: SHARED_MESSAGE },
  { file: "app/lib/hook-by-alias.ts", from: "~/hooks/use-hydrated", refusedWith: HOOK_MESSAGE },
  { file: "app/lib/media/hook-by-path.ts", from: "../../hooks/use-hydrated", refusedWith: HOOK_MESSAGE },
  { file: "app/entry-like.ts", from: "../server/unexpected-errors", refusedWith: SERVER_MESSAGE },
  { file: "app/routes/api/by-path.ts", from: "../../../server/app", refusedWith: SERVER_MESSAGE },
  { file: "app/features/episodes/own-file.ts", from: "./schema" },
  { file: "app/features/episodes/components/own-file.tsx", from: "../schema" },
  { file: "app/features/episodes/shared.ts", from: "~/lib/utils" },
  { file: "app/features/episodes/test-helper.ts", from: "#tests/setup/test-database" },
  { file: "app/routes/api/composes.ts", from: "~/features/insights/schema" },
  { file: "app/lib/renders.ts", from: "react-dom/server" },
  { file: "app/hooks/builds-on-lib.ts", from: "~/lib/owner-list" },
  { file: "app/components/uses-hook.tsx", from: "~/hooks/use-hydrated" },
  { file: "app/features/episodes/uses-hook.ts", from: "~/hooks/use-hydrated" },
  { file: "app/routes/public/uses-hook.tsx", from: "../../hooks/use-hydrated" },
];

type Diagnostic = { file: string; rule: string; message: string };

/**
 * Runs the project's Biome configuration over the fixtures in a scratch folder laid out like the project, so the
 * folder rules apply exactly as they do to the real files.
 */
async function lintFixtures(): Promise<Diagnostic[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "import-boundaries-"));
  const config = JSON.parse(fs.readFileSync("biome.json", "utf8"));
  delete config.$schema;
  config.vcs = { enabled: false };
  fs.writeFileSync(path.join(root, "biome.json"), JSON.stringify(config));
  for (const { file, from } of fixtures) {
    fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), `import { value } from "${from}";\n\nexport const copy = value;\n`);
  }
  try {
    const output = await promisify(execFile)(BIOME, ["lint", "--reporter=github", "--max-diagnostics=none", "."], {
      cwd: root,
    }).then(
      (result) => result.stdout,
      (error: { stdout: string }) => error.stdout,
    );
    return [...output.matchAll(/^::error title=([^,]+),file=([^,]+),[^:]*::(.*)$/gm)].map(
      ([, rule, file, message]) => ({
        rule,
        file: path.relative(root, file),
        message,
      }),
    );
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

describe("import boundaries in the linter", () => {
  let diagnostics: Diagnostic[];
  beforeAll(async () => {
    diagnostics = await lintFixtures();
  }, 60_000);

  it.each(fixtures.filter((fixture) => fixture.refusedWith))(
    "refuses $file importing $from",
    ({ file, refusedWith }) => {
      expect(diagnostics.filter((diagnostic) => diagnostic.file === file)).toEqual([
        { file, rule: "lint/style/noRestrictedImports", message: expect.stringContaining(refusedWith ?? "") },
      ]);
    },
  );

  it.each(fixtures.filter((fixture) => !fixture.refusedWith))("lets $file import $from", ({ file }) => {
    expect(diagnostics.filter((diagnostic) => diagnostic.file === file)).toEqual([]);
  });
});
