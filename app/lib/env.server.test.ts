import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { InvalidEnvError, parseEnv, SETTING_NAMES } from "./env.server";

function parseError(source: Record<string, string | undefined>): InvalidEnvError {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof InvalidEnvError) return error;
    throw error;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(source)}`);
}

describe("parseEnv", () => {
  it("runs a fresh clone with no settings at all", () => {
    expect(parseEnv({})).toEqual({
      NODE_ENV: "production",
      PORT: 5000,
      HOST: "0.0.0.0",
      DATA_DIR: "./data",
      SITE_URL: "http://localhost:5000",
      MAIL_FROM: "The Disruption Confessional <no-reply@localhost>",
      MAIL_RATE_PER_MINUTE: 600,
      ANALYTICS_RAW_DAYS: 30,
      FORM_RATE_LIMIT: 10,
      MAX_AUDIO_MB: 500,
      ALLOW_PRIVATE_FETCH: false,
      S3_FORCE_PATH_STYLE: false,
    });
  });

  it("treats empty and blank values as unset, like an unfilled line in .env", () => {
    const env = parseEnv({ PORT: "", DATA_DIR: "", SITE_URL: "", DATABASE_URL: "", NEWSLETTER_URL: "", HOST: "" });
    expect(env).toMatchObject({ PORT: 5000, DATA_DIR: "./data", SITE_URL: "http://localhost:5000", HOST: "0.0.0.0" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.NEWSLETTER_URL).toBeUndefined();
    // A PORT of only spaces must not become port 0, a random port.
    const blank = parseEnv({ PORT: "  ", DATABASE_URL: " ", DATA_DIR: "\t" });
    expect(blank).toMatchObject({ PORT: 5000, DATA_DIR: "./data" });
    expect(blank.DATABASE_URL).toBeUndefined();
  });

  it("reads the settings it is given", () => {
    const env = parseEnv({
      NODE_ENV: "development",
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/var/lib/podcast",
      DATABASE_URL: "postgresql://user:secret@db.example.com:5432/podcast",
      SITE_URL: "https://podcast.example.com",
      NEWSLETTER_URL: "https://newsletter.example.com/p/briefing",
      ADMIN_PASSWORD: "correct horse battery",
      SMTP_URL: "smtp://mailer:secret@smtp.example.com:587",
      MAIL_FROM: "Podcast <hello@podcast.example.com>",
      MAIL_RATE_PER_MINUTE: "1200",
      GEOIP_DB: "/var/lib/GeoIP/GeoLite2-Country.mmdb",
      ANALYTICS_RAW_DAYS: "60",
      OWNER_EMAIL: "owner@podcast.example.com",
      OIDC_ISSUER: "https://id.example.com",
      OIDC_CLIENT_ID: "podcast",
      OIDC_CLIENT_SECRET: "oidc-secret",
      GA_MEASUREMENT_ID: "G-ABC123",
      FORM_RATE_LIMIT: "25",
      MAX_AUDIO_MB: "800",
      ALLOW_PRIVATE_FETCH: "true",
      S3_BUCKET: "podcast-media",
      S3_ENDPOINT: "https://s3.eu-west-1.amazonaws.com",
      S3_REGION: "eu-west-1",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "s3-secret",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(env).toEqual({
      NODE_ENV: "development",
      PORT: 8080,
      HOST: "127.0.0.1",
      DATA_DIR: "/var/lib/podcast",
      DATABASE_URL: "postgresql://user:secret@db.example.com:5432/podcast",
      SITE_URL: "https://podcast.example.com",
      NEWSLETTER_URL: "https://newsletter.example.com/p/briefing",
      ADMIN_PASSWORD: "correct horse battery",
      SMTP_URL: "smtp://mailer:secret@smtp.example.com:587",
      MAIL_FROM: "Podcast <hello@podcast.example.com>",
      MAIL_RATE_PER_MINUTE: 1200,
      GEOIP_DB: "/var/lib/GeoIP/GeoLite2-Country.mmdb",
      ANALYTICS_RAW_DAYS: 60,
      OWNER_EMAIL: "owner@podcast.example.com",
      OIDC_ISSUER: "https://id.example.com",
      OIDC_CLIENT_ID: "podcast",
      OIDC_CLIENT_SECRET: "oidc-secret",
      GA_MEASUREMENT_ID: "G-ABC123",
      FORM_RATE_LIMIT: 25,
      MAX_AUDIO_MB: 800,
      ALLOW_PRIVATE_FETCH: true,
      S3_BUCKET: "podcast-media",
      S3_ENDPOINT: "https://s3.eu-west-1.amazonaws.com",
      S3_REGION: "eu-west-1",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "s3-secret",
      S3_FORCE_PATH_STYLE: true,
    });
    expect(parseEnv({ DATABASE_URL: "postgres://localhost/podcast" }).DATABASE_URL).toBe(
      "postgres://localhost/podcast",
    );
  });

  it("drops trailing slashes from SITE_URL, so that links join with a single slash", () => {
    expect(parseEnv({ SITE_URL: "https://podcast.example.com/" }).SITE_URL).toBe("https://podcast.example.com");
    expect(parseEnv({ SITE_URL: "https://podcast.example.com/show//" }).SITE_URL).toBe(
      "https://podcast.example.com/show",
    );
  });

  it("accepts PORT 0, which lets the system pick a free port", () => {
    expect(parseEnv({ PORT: "0" }).PORT).toBe(0);
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "-1"],
    ["PORT", "65536"],
    ["PORT", "80.5"],
    ["SITE_URL", "not-a-url"],
    ["SITE_URL", "ftp://podcast.example.com"],
    ["DATABASE_URL", "mysql://x"],
    ["DATABASE_URL", "not a url"],
    ["NEWSLETTER_URL", "http://newsletter.example.com"],
    ["NEWSLETTER_URL", "newsletter"],
    ["NODE_ENV", "staging"],
    ["ADMIN_PASSWORD", "short"],
    ["SMTP_URL", "https://smtp.example.com"],
    ["OWNER_EMAIL", "owner"],
    ["OIDC_ISSUER", "issuer"],
    ["GA_MEASUREMENT_ID", "UA-1234"],
    ["FORM_RATE_LIMIT", "0"],
    ["FORM_RATE_LIMIT", "ten"],
    ["FORM_RATE_LIMIT", "2.5"],
    ["MAX_AUDIO_MB", "0"],
    ["MAX_AUDIO_MB", "lots"],
    ["MAX_AUDIO_MB", "1.5"],
    ["MAX_AUDIO_MB", "50001"],
    ["ANALYTICS_RAW_DAYS", "1"],
    ["ANALYTICS_RAW_DAYS", "a month"],
    ["S3_FORCE_PATH_STYLE", "yes"],
    ["TRUST_PROXY", "true"],
    ["TRUST_PROXY", "0"],
    ["TRUST_PROXY", "proxy.internal"],
    ["TRUST_PROXY", "10.0.0.0/33"],
    ["TRUST_PROXY", "10.0.0.1,,10.0.0.2"],
  ])("rejects %s=%s with an error naming the setting", (name, value) => {
    const error = parseError({ [name]: value });
    expect(error).toBeInstanceOf(InvalidEnvError);
    expect(error.message).toMatch(new RegExp(`^Invalid setting ${name}: \\S`));
  });

  it("says what a database URL must look like", () => {
    expect(parseError({ DATABASE_URL: "mysql://x" }).message).toContain("must start with postgres:// or postgresql://");
  });

  it("names every wrong setting at once", () => {
    const { message } = parseError({ PORT: "abc", SITE_URL: "not-a-url" });
    expect(message).toContain("PORT: ");
    expect(message).toContain("SITE_URL: ");
  });

  it("needs all three OpenID Connect settings once one is given", () => {
    const { message } = parseError({ OIDC_ISSUER: "https://id.example.com" });
    expect(message).toContain("OIDC_CLIENT_ID: is required when any OIDC_ setting is given");
    expect(message).toContain("OIDC_CLIENT_SECRET: ");
  });

  it("needs every S3 setting once one is given, naming each missing one", () => {
    const { message } = parseError({ S3_BUCKET: "podcast-media", S3_REGION: "eu-west-1" });
    expect(message).toBe(
      "Invalid setting S3_ENDPOINT: is required when any S3_ setting is given; " +
        "S3_ACCESS_KEY_ID: is required when any S3_ setting is given; " +
        "S3_SECRET_ACCESS_KEY: is required when any S3_ setting is given",
    );
  });

  it("says what an S3 endpoint must look like", () => {
    expect(parseError({ S3_ENDPOINT: "s3.amazonaws.com" }).message).toContain(
      "S3_ENDPOINT: must be the S3 service's http(s) URL",
    );
  });

  it("ignores unrelated variables of the environment", () => {
    expect(parseEnv({ PATH: "/usr/bin", HOME: "/root" })).not.toHaveProperty("PATH");
  });

  it("reads TRUST_PROXY as a number of proxies or a list of their addresses, ranges and named ranges", () => {
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toEqual({ hops: 2 });
    expect(parseEnv({ TRUST_PROXY: " loopback, 10.0.0.0/8 ,2001:db8::1" }).TRUST_PROXY).toEqual({
      addresses: ["loopback", "10.0.0.0/8", "2001:db8::1"],
    });
  });

  it("says what TRUST_PROXY must be and which entry is wrong", () => {
    const { message } = parseError({ TRUST_PROXY: "10.0.0.1, proxy.internal" });
    expect(message).toBe(
      "Invalid setting TRUST_PROXY: must be the number of proxies in front of the server (such as 1) or a " +
        "comma-separated list of their addresses, CIDR ranges or loopback, linklocal, uniquelocal; " +
        "invalid IP address: proxy.internal",
    );
  });
});

describe("the settings' documentation", () => {
  it("names every setting in .env.example and in docs/settings.md's table, and no other", () => {
    const example = readFileSync(".env.example", "utf8");
    const exampleNames = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
    expect([...exampleNames].sort()).toEqual([...SETTING_NAMES].sort());

    const guide = readFileSync("docs/settings.md", "utf8");
    const table = guide.split("\n\n").find((block) => block.startsWith("| setting"));
    expect(table, "docs/settings.md has a table whose first column is headed setting").toBeDefined();
    const rows = (table ?? "").split("\n").slice(2);
    const documentedNames = rows.flatMap((row) =>
      [...row.split("|")[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]),
    );
    expect([...documentedNames].sort()).toEqual([...SETTING_NAMES].sort());
  });
});
