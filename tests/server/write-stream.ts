/**
 * Sends contact messages, each with a unique text, from several concurrent writers until `stop` is called or the
 * server goes away, and records which ones the server acknowledged with a 201.
 */
export type WriteStream = {
  readonly acknowledged: ReadonlySet<string>;
  /** Answers other than 201 while the server was up, e.g. "503 Service unavailable". */
  readonly refused: readonly string[];
  /** Resolves once at least `count` writes are acknowledged; rejects if every writer ended first. */
  waitForAcknowledged(count: number): Promise<void>;
  /** Stops sending and resolves when every writer has ended. */
  stop(): Promise<void>;
  /** Resolves when every writer has ended, e.g. because the server was killed. */
  readonly finished: Promise<void>;
};

export function startWriteStream(baseUrl: string, prefix: string, concurrency = 4): WriteStream {
  const acknowledged = new Set<string>();
  const refused: string[] = [];
  let stopped = false;
  let sent = 0;
  const waiters: { count: number; resolve: () => void }[] = [];

  const writer = async () => {
    while (!stopped) {
      const message = `${prefix}-${sent++}`;
      let response: Response;
      try {
        response = await fetch(`${baseUrl}/api/contact`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name: "Stream Writer", email: "stream@example.com", subject: "other", message }),
        });
      } catch {
        return; // The server is gone: this write was never acknowledged.
      }
      const text = await response.text().catch(() => "");
      if (response.status === 201) {
        acknowledged.add(message);
        for (const waiter of [...waiters]) {
          if (acknowledged.size >= waiter.count) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve();
          }
        }
      } else if (text) {
        refused.push(`${response.status} ${text}`);
      }
    }
  };
  const finished = Promise.all(Array.from({ length: concurrency }, writer)).then(() => {});

  return {
    acknowledged,
    refused,
    finished,
    waitForAcknowledged(count) {
      if (acknowledged.size >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        waiters.push({ count, resolve });
        void finished.then(() =>
          reject(new Error(`The writers ended with only ${acknowledged.size} of ${count} writes acknowledged`)),
        );
      });
    },
    async stop() {
      stopped = true;
      await finished;
    },
  };
}

/** Every acknowledged message must be stored exactly once; returns the problems found, or none. */
export function findWriteProblems(acknowledged: ReadonlySet<string>, storedMessages: readonly string[]): string[] {
  const copies = new Map<string, number>();
  for (const message of storedMessages) copies.set(message, (copies.get(message) ?? 0) + 1);
  const problems: string[] = [];
  for (const message of acknowledged) {
    const count = copies.get(message) ?? 0;
    if (count !== 1) problems.push(`acknowledged ${message} is stored ${count} times`);
  }
  for (const [message, count] of copies) {
    if (count > 1 && !acknowledged.has(message)) problems.push(`unacknowledged ${message} is stored ${count} times`);
  }
  return problems;
}
