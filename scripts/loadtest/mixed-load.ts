import { inArray, like } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { contacts, guestApplications, subscribers } from "~/db/schema";

export type LoadOptions = { durationMs: number; connections: number };

/** Each form's acknowledged (2xx) submissions, by the unique text that identifies each one. */
export type AcknowledgedWrites = { contact: string[]; subscribe: string[]; guest: string[] };

export type LoadResult = {
  requests: number;
  reads: number;
  writes: number;
  /** "POST /api/contact -> 500", or the network error, for each request that did not get a 2xx. */
  failures: string[];
  acknowledged: AcknowledgedWrites;
  durationMs: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
};

const PAGE_READS = ["/", "/insights", "/podcast", "/about", "/contact", "/guest-application", "/api/insights"];
/** Out of every ten requests, six read a page and four submit a form. */
const WRITES_PER_TEN = 4;

const BIOGRAPHY = "A founder who has spent fifteen years building and rebuilding teams in three industries.";

type PlannedRequest = { label: string; path: string; body?: unknown; record?: () => void };

/**
 * Sends a mix of page reads and form submissions (each submission with a unique text) from `connections` concurrent
 * clients for `durationMs`, and records every answer. `runId` keeps the texts of one run apart from any other data.
 */
export async function runMixedLoad(baseUrl: string, runId: string, options: LoadOptions): Promise<LoadResult> {
  const acknowledged: AcknowledgedWrites = { contact: [], subscribe: [], guest: [] };
  const failures: string[] = [];
  const latencies: number[] = [];
  let sequence = 0;
  let reads = 0;
  let writes = 0;

  const plan = (n: number): PlannedRequest => {
    const slot = n % 10;
    if (slot >= WRITES_PER_TEN) return { label: "GET", path: PAGE_READS[n % PAGE_READS.length] };
    const unique = `${runId}-${n}`;
    if (slot === 0 || slot === 1) {
      return {
        label: "POST",
        path: "/api/contact",
        body: { name: "Load Tester", email: "load@example.com", subject: "other", message: unique },
        record: () => acknowledged.contact.push(unique),
      };
    }
    if (slot === 2) {
      const email = `${unique}@load.example.com`.toLowerCase();
      return {
        label: "POST",
        path: "/api/subscribe",
        body: { email },
        record: () => acknowledged.subscribe.push(email),
      };
    }
    return {
      label: "POST",
      path: "/api/guests/apply",
      body: {
        name: "Load Guest",
        email: "guest@load.example.com",
        expertise: "Scaling teams",
        topicIdea: unique,
        biography: BIOGRAPHY,
      },
      record: () => acknowledged.guest.push(unique),
    };
  };

  // The first render of each page compiles and caches code; that belongs to start-up, not to the figures.
  for (const page of PAGE_READS) await (await fetch(`${baseUrl}${page}`)).arrayBuffer();

  const startedAt = performance.now();
  const deadline = startedAt + options.durationMs;
  const client = async () => {
    while (performance.now() < deadline) {
      const request = plan(sequence++);
      const sentAt = performance.now();
      try {
        const response = await fetch(`${baseUrl}${request.path}`, {
          method: request.body ? "POST" : "GET",
          headers: request.body ? { "content-type": "application/json" } : {},
          body: request.body ? JSON.stringify(request.body) : undefined,
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - sentAt);
        if (response.ok) request.record?.();
        else failures.push(`${request.label} ${request.path} -> ${response.status}`);
      } catch (error) {
        failures.push(`${request.label} ${request.path} -> ${error instanceof Error ? error.message : String(error)}`);
      }
      if (request.body) writes++;
      else reads++;
    }
  };
  await Promise.all(Array.from({ length: options.connections }, client));
  const durationMs = performance.now() - startedAt;

  latencies.sort((a, b) => a - b);
  const percentile = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return {
    requests: reads + writes,
    reads,
    writes,
    failures,
    acknowledged,
    durationMs,
    latencyMs: { p50: percentile(50), p90: percentile(90), p99: percentile(99), max: latencies.at(-1) ?? 0 },
  };
}

/**
 * Compares the acknowledged writes with the rows the database holds for the run: each acknowledged write must be
 * stored exactly once. Returns the problems found, or none.
 */
export async function findStoredWriteProblems(
  db: Database,
  runId: string,
  acknowledged: AcknowledgedWrites,
): Promise<string[]> {
  const stored = {
    contact: (
      await db
        .select({ key: contacts.message })
        .from(contacts)
        .where(like(contacts.message, `${runId}-%`))
    ).map((row) => row.key),
    subscribe: acknowledged.subscribe.length
      ? (
          await db
            .select({ key: subscribers.email })
            .from(subscribers)
            .where(inArray(subscribers.email, acknowledged.subscribe))
        ).map((row) => row.key)
      : [],
    guest: (
      await db
        .select({ key: guestApplications.topicIdea })
        .from(guestApplications)
        .where(like(guestApplications.topicIdea, `${runId}-%`))
    ).map((row) => row.key),
  };
  const problems: string[] = [];
  for (const form of ["contact", "subscribe", "guest"] as const) {
    const copies = new Map<string, number>();
    for (const key of stored[form]) copies.set(key, (copies.get(key) ?? 0) + 1);
    for (const key of acknowledged[form]) {
      const count = copies.get(key) ?? 0;
      if (count !== 1) problems.push(`${form} ${key}: acknowledged, stored ${count} times`);
    }
  }
  return problems;
}

export function formatFigures(label: string, result: LoadResult): string {
  const seconds = result.durationMs / 1000;
  const { p50, p90, p99, max } = result.latencyMs;
  const { contact, subscribe, guest } = result.acknowledged;
  return [
    `${label}: ${result.requests} requests in ${seconds.toFixed(1)} s = ${(result.requests / seconds).toFixed(0)} req/s`,
    `  ${result.reads} page reads, ${result.writes} form submissions (${contact.length} contact, ${subscribe.length} subscribe, ${guest.length} guest acknowledged)`,
    `  latency ms: p50 ${p50.toFixed(1)}, p90 ${p90.toFixed(1)}, p99 ${p99.toFixed(1)}, max ${max.toFixed(1)}`,
    `  failed requests: ${result.failures.length}`,
  ].join("\n");
}
