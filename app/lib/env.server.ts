import { z } from "zod";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy.server";

const postgresUrl = z
  .url({ error: "must be a URL such as postgres://user:password@host:5432/database" })
  .refine((value) => /^postgres(ql)?:\/\//.test(value), {
    error: "must start with postgres:// or postgresql://",
  });

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().min(1).default("0.0.0.0"),
    TRUST_PROXY: z
      .string()
      .transform((value, ctx): TrustProxy => {
        try {
          return parseTrustProxy(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: error instanceof Error ? error.message : String(error) });
          return z.NEVER;
        }
      })
      .optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: postgresUrl.optional(),
    SITE_URL: z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://example.com" })
      .default("http://localhost:5000")
      .transform((value) => value.replace(/\/+$/, "")),
    NEWSLETTER_URL: z.url({ protocol: /^https$/, error: "must be an https URL of the newsletter platform" }).optional(),
    ADMIN_PASSWORD: z.string().min(12, { error: "must be at least 12 characters" }).optional(),
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL such as smtp://user:password@host:587" })
      .optional(),
    MAIL_FROM: z.string().min(3).default("The Disruption Confessional <no-reply@localhost>"),
    MAIL_RATE_PER_MINUTE: z.coerce
      .number({ error: "must be a whole number of mails" })
      .int({ error: "must be a whole number of mails" })
      .min(1, { error: "must be at least 1" })
      .default(600),
    // The shared secret of POST /api/mail/events (the mail provider's bounce and complaint reports); unset: no such call.
    MAIL_EVENTS_SECRET: z.string().min(16, { error: "must be at least 16 characters" }).optional(),
    // A MaxMind-format country or city database (.mmdb): downloads are counted by country when it is set.
    GEOIP_DB: z.string().min(1).optional(),
    ANALYTICS_RAW_DAYS: z.coerce
      .number({ error: "must be a whole number of days" })
      .int({ error: "must be a whole number of days" })
      .min(2, { error: "must be at least 2" })
      .default(30),
    OWNER_EMAIL: z.email({ error: "must be an email address" }).optional(),
    OIDC_ISSUER: z.url({ protocol: /^https?$/, error: "must be the provider's issuer URL" }).optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    FORM_RATE_LIMIT: z.coerce
      .number({ error: "must be a whole number of submissions" })
      .int({ error: "must be a whole number of submissions" })
      .min(1, { error: "must be at least 1" })
      .default(10),
    GA_MEASUREMENT_ID: z
      .string()
      .regex(/^G-[A-Z0-9]+$/, { error: "must look like G-XXXXXXX" })
      .optional(),
    MAX_AUDIO_MB: z.coerce
      .number({ error: "must be a whole number of megabytes" })
      .int({ error: "must be a whole number of megabytes" })
      .min(1, { error: "must be at least 1" })
      // An S3 multipart upload holds at most 10,000 parts of the media module's part size (8 MiB).
      .max(50_000, { error: "must be at most 50000" })
      .default(500),
    // Feed imports may fetch loopback and private addresses: for development and tests only (decision 059).
    ALLOW_PRIVATE_FETCH: z
      .enum(["true", "false"], { error: "must be true or false" })
      .default("false")
      .transform((value) => value === "true"),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ENDPOINT: z
      .url({
        protocol: /^https?$/,
        error: "must be the S3 service's http(s) URL, e.g. https://s3.eu-west-1.amazonaws.com",
      })
      .optional(),
    S3_REGION: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false"], { error: "must be true or false" })
      .default("false")
      .transform((value) => value === "true"),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, { error: "must be a Stripe secret key such as sk_live_..." })
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, { error: "must be the webhook's signing secret, whsec_..." })
      .optional(),
    STRIPE_PRICE_BASIC: z
      .string()
      .regex(/^price_\w+$/, { error: "must be a Stripe price id, price_..." })
      .optional(),
    STRIPE_PRICE_PREMIUM: z
      .string()
      .regex(/^price_\w+$/, { error: "must be a Stripe price id, price_..." })
      .optional(),
    // Only for tests and local development: the Stripe API cannot be reached from every machine (decision 042).
    STRIPE_API_BASE: z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://127.0.0.1:12111" })
      .optional(),
  })
  .superRefine((env, ctx) => {
    requireAllOrNone(env, ctx, ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"], "OIDC_");
    requireAllOrNone(env, ctx, S3_SETTINGS, "S3_");
    requireAllOrNone(env, ctx, STRIPE_SETTINGS, "STRIPE_");
  });

const STRIPE_SETTINGS = [
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_PRICE_BASIC",
  "STRIPE_PRICE_PREMIUM",
] as const;

const S3_SETTINGS = ["S3_BUCKET", "S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

function requireAllOrNone<Name extends string>(
  env: Partial<Record<Name, unknown>>,
  ctx: z.RefinementCtx,
  names: readonly Name[],
  prefix: string,
) {
  if (!names.some((name) => env[name])) return;
  for (const name of names) {
    if (!env[name])
      ctx.addIssue({ code: "custom", path: [name], message: `is required when any ${prefix} setting is given` });
  }
}

export type Env = z.infer<typeof EnvSchema>;

/** Every setting the server reads, for the test that holds .env.example and docs/settings.md to them. */
export const SETTING_NAMES = Object.keys(EnvSchema.shape);

export class InvalidEnvError extends Error {}

/**
 * Parses settings from the environment; empty or blank values count as unset, like an unfilled line in .env
 * (a PORT of spaces would otherwise be read as port 0, a random port).
 */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ""),
  );
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new InvalidEnvError(`Invalid setting ${problems.join("; ")}`);
  }
  return result.data;
}
