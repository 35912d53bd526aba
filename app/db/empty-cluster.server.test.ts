import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { copyPrebuiltEmptyCluster } from "./empty-cluster.server";

let root: string;
let emptyCluster: string;
let clusterDir: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "podcast-empty-cluster-test-"));
  emptyCluster = path.join(root, "build-cluster");
  fs.mkdirSync(path.join(emptyCluster, "base"), { recursive: true });
  fs.writeFileSync(path.join(emptyCluster, "PG_VERSION"), "17\n");
  fs.writeFileSync(path.join(emptyCluster, "base", "1"), "catalog");
  clusterDir = path.join(root, "data", "pglite");
  fs.mkdirSync(path.dirname(clusterDir));
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("copyPrebuiltEmptyCluster", () => {
  it("copies the build's empty cluster into a data folder that has none, leaving no partial copy", () => {
    copyPrebuiltEmptyCluster(clusterDir, emptyCluster);
    expect(fs.readFileSync(path.join(clusterDir, "PG_VERSION"), "utf8")).toBe("17\n");
    expect(fs.readFileSync(path.join(clusterDir, "base", "1"), "utf8")).toBe("catalog");
    expect(fs.readdirSync(path.dirname(clusterDir))).toEqual(["pglite"]);
  });

  it("replaces a partial copy a start cut short had left", () => {
    fs.mkdirSync(`${clusterDir}.partial`);
    fs.writeFileSync(path.join(`${clusterDir}.partial`, "leftover"), "");
    copyPrebuiltEmptyCluster(clusterDir, emptyCluster);
    expect(fs.readdirSync(path.dirname(clusterDir))).toEqual(["pglite"]);
    expect(fs.existsSync(path.join(clusterDir, "leftover"))).toBe(false);
  });

  it("leaves an existing cluster alone", () => {
    fs.mkdirSync(clusterDir);
    fs.writeFileSync(path.join(clusterDir, "PG_VERSION"), "16\n");
    copyPrebuiltEmptyCluster(clusterDir, emptyCluster);
    expect(fs.readFileSync(path.join(clusterDir, "PG_VERSION"), "utf8")).toBe("16\n");
    expect(fs.existsSync(path.join(clusterDir, "base"))).toBe(false);
  });

  it("copies nothing without a build, so that PGlite runs initdb", () => {
    copyPrebuiltEmptyCluster(clusterDir, path.join(root, "no-build"));
    expect(fs.existsSync(clusterDir)).toBe(false);
  });
});
