import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killAllServers, type ServerWithDataDir, startServerWithDataDir } from "./helpers";

afterAll(killAllServers);

const TOKEN = "Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp_Oo-NnMmLlK";

describe("the built server's request log and private feed addresses", () => {
  let server: ServerWithDataDir;
  beforeAll(async () => {
    server = await startServerWithDataDir();
  });
  afterAll(() => server?.close());

  it("logs a feed or enclosure request by its route, never with the token", async () => {
    expect((await fetch(`${server.url}/feeds/${TOKEN}.xml`)).status).toBe(404);
    expect((await fetch(`${server.url}/feeds/${TOKEN}/audio/1`, { headers: { Range: "bytes=0-1" } })).status).toBe(404);
    await server.waitForOutput(/GET \/feeds\/\[token\]\/audio\/1 /);
    expect(server.stdout()).toMatch(/GET \/feeds\/\[token\]\.xml /);
    expect(server.stdout() + server.stderr()).not.toContain(TOKEN);
  });
});
