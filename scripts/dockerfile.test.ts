import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sampleEpisodeFiles } from "~/db/sample-content";

/**
 * No container builder can run on the development machine (docs/production.md says why), so the image's recipe is
 * checked here against the code it packages: what it copies exists, it starts the server as `npm run serve` does, its
 * health check asks an address the server answers, and the compose file sets only settings the server reads.
 */
const dockerfile = fs.readFileSync("Dockerfile", "utf8");
const instructions = dockerfile
  .replace(/\\\n\s*/g, " ")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line !== "" && !line.startsWith("#"));
const stages = instructions.reduce<string[][]>((all, line) => {
  if (line.startsWith("FROM ")) all.push([]);
  all.at(-1)?.push(line);
  return all;
}, []);
const finalStage = stages.at(-1) ?? [];
const packageJson = JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
const ignored = fs
  .readFileSync(".dockerignore", "utf8")
  .split("\n")
  .filter((line) => line && !line.startsWith("#"));

describe("the Dockerfile", () => {
  it("builds on a supported Node line, 22 or 24", () => {
    const image = /^ARG NODE_IMAGE=node:(\d+)-/.exec(instructions[0]);
    expect(Number(image?.[1])).toBeOneOf([22, 24]);
    const from = "FROM $" + "{NODE_IMAGE}";
    expect(stages.map((stage) => stage[0])).toEqual([`${from} AS build`, `${from} AS production-dependencies`, from]);
  });

  it("copies only files the build context has, and takes the running image's packages from a production install", () => {
    const copied = instructions
      .filter((line) => line.startsWith("COPY ") && !line.includes("--from="))
      .flatMap((line) => line.split(/\s+/).slice(1, -1));
    expect(copied.length).toBeGreaterThan(5);
    for (const source of copied.filter((each) => each !== ".")) {
      expect(fs.existsSync(source), source).toBe(true);
      expect(ignored, source).not.toContain(source);
    }
    expect(stages[1]).toContain("RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force");
    expect(finalStage).toContain("COPY --from=production-dependencies /app/node_modules ./node_modules");
    expect(finalStage.some((line) => /^RUN npm (ci|install)/.test(line))).toBe(false);
  });

  it("has in the running image every file the server reads at run time", () => {
    const copiedFolders = finalStage
      .filter((line) => line.startsWith("COPY "))
      .map((line) => line.split(/\s+/).at(-2) ?? "")
      .map((source) => source.replace(/^\/app\//, ""));
    expect(packageJson.scripts.build).toContain("--outfile=build/server/start.js");
    const readAtRunTime = [
      "drizzle/meta/_journal.json",
      "app/features/premium/files",
      ...Object.values(sampleEpisodeFiles).flatMap((files) => Object.values(files)),
    ];
    for (const file of readAtRunTime) {
      expect(fs.existsSync(file), file).toBe(true);
      expect(
        copiedFolders.some((folder) => file === folder || file.startsWith(`${folder}/`)),
        file,
      ).toBe(true);
    }
  });

  it("starts the server as npm run serve does, as a user other than root", () => {
    const serve = packageJson.scripts.serve.replace(/^NODE_ENV=production /, "");
    const command = JSON.parse(finalStage.find((line) => line.startsWith("CMD "))?.slice(4) ?? "[]");
    expect(command.join(" ")).toBe(serve);
    expect(finalStage).toContain("USER node");
    expect(finalStage.indexOf("USER node")).toBeLessThan(finalStage.findIndex((line) => line.startsWith("CMD ")));
    expect(finalStage.join("\n")).toMatch(/NODE_ENV=production/);
  });

  it("checks its health on /readyz, which the server answers", () => {
    const healthcheck = finalStage.find((line) => line.startsWith("HEALTHCHECK ")) ?? "";
    expect(healthcheck).toContain("/readyz");
    expect(fs.readFileSync("server/database-availability.ts", "utf8")).toContain('probes.get("/readyz"');
    expect(fs.readFileSync("server/index.ts", "utf8")).toContain("app.use(availability.probes)");
  });
});

describe("compose.yaml", () => {
  const compose = fs.readFileSync("compose.yaml", "utf8");

  it("runs the site, PostgreSQL and MinIO, and sets only settings the server reads", () => {
    const services = [...compose.matchAll(/^ {2}([a-z-]+):$/gm)].map((match) => match[1]);
    expect(services).toEqual(expect.arrayContaining(["site", "postgres", "minio"]));
    const site = compose.slice(compose.indexOf("  site:"), compose.indexOf("  postgres:"));
    const settings = [...site.matchAll(/^ {6}([A-Z0-9_]+):/gm)].map((match) => match[1]);
    const documented = fs.readFileSync(path.join("docs", "settings.md"), "utf8");
    expect(settings).toEqual(expect.arrayContaining(["DATABASE_URL", "S3_BUCKET", "SITE_URL"]));
    for (const setting of settings) expect(documented, setting).toContain(`\`${setting}\``);
  });
});
