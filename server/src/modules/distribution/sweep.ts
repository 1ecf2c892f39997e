import fp from 'fastify-plugin';
import { drainAll } from './service';

/**
 * The distribution queue's timer: every `intervalMs` it hands waiting leads to whoever now
 * qualifies (a shift started, a new day began), every customer's in turn; the next run is armed
 * when one ends, so runs never overlap. 0 is off (the tests drain with their own clock). Stopped
 * on close after the run under way.
 */
export const distributionSweepPlugin = fp<{ intervalMs: number }>(
  async (app, { intervalMs }) => {
    if (!(intervalMs > 0)) return;
    let timer: NodeJS.Timeout | undefined;
    let closed = false;
    let running: Promise<void> = Promise.resolve();
    const run = (): void => {
      running = drainAll(app.db, app.events)
        .then((given) => {
          if (given > 0) app.log.info({ given }, 'distribution: waiting leads handed over');
        })
        .catch((err: unknown) => app.log.error({ err }, 'distribution: the queue sweep failed'))
        .finally(schedule);
    };
    function schedule(): void {
      if (closed) return;
      timer = setTimeout(run, intervalMs);
      timer.unref();
    }
    app.addHook('onReady', async () => schedule());
    app.addHook('onClose', async () => {
      closed = true;
      clearTimeout(timer);
      await running;
    });
  },
  { name: 'distribution-sweep', dependencies: ['db', 'events'] },
);
