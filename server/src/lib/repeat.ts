import type { FastifyInstance } from 'fastify';

/**
 * Runs `run` in this process again and again, never two at once: first `everyMs` after the app is
 * ready, then, each time a run ends, after the delay it answers (`everyMs` when it answers none).
 * A run that throws is logged with `failed` and the next one armed as usual. On close the timer
 * stops and the close waits for the run under way. The background loops of the server (the
 * distribution and follow-up sweeps, the phone checker) run on it.
 */
export function repeatInProcess(
  app: FastifyInstance,
  { everyMs, run, failed }: { everyMs: number; run: () => Promise<number | void>; failed: string },
): void {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let running: Promise<void> = Promise.resolve();
  const schedule = (ms: number): void => {
    if (closed) return;
    timer = setTimeout(start, ms);
    timer.unref();
  };
  function start(): void {
    running = run()
      .then((next) => schedule(typeof next === 'number' ? next : everyMs))
      .catch((err: unknown) => {
        app.log.error({ err }, failed);
        schedule(everyMs);
      });
  }
  app.addHook('onReady', async () => schedule(everyMs));
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await running;
  });
}
