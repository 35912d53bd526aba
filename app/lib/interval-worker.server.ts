/**
 * A background worker beside the web server: every `intervalMs` it runs `tick`, one tick at a time (a tick that takes
 * longer is not joined by another: the pace is the work's, not the timer's). `stop` aborts the signal the ticks get and
 * waits for the tick under way. The timer does not keep the process alive.
 */
export function startIntervalWorker(
  intervalMs: number,
  tick: (signal: AbortSignal) => Promise<void>,
): { stop(): Promise<void> } {
  const stopping = new AbortController();
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (stopping.signal.aborted || running) return;
    running = tick(stopping.signal).finally(() => {
      running = null;
    });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopping.abort();
      clearInterval(timer);
      await running;
    },
  };
}
