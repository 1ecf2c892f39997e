import fp from 'fastify-plugin';
import { repeatInProcess } from '../../lib/repeat';
import { drainAll } from './service';

/**
 * The distribution queue's timer: every `intervalMs` it hands waiting leads to whoever now
 * qualifies (a shift started, a new day began), every customer's in turn; runs never overlap
 * (repeatInProcess). 0 is off (the tests drain with their own clock).
 */
export const distributionSweepPlugin = fp<{ intervalMs: number }>(
  async (app, { intervalMs }) => {
    if (!(intervalMs > 0)) return;
    repeatInProcess(app, {
      everyMs: intervalMs,
      failed: 'distribution: the queue sweep failed',
      run: async () => {
        const given = await drainAll(app.db, app.events);
        if (given > 0) app.log.info({ given }, 'distribution: waiting leads handed over');
      },
    });
  },
  { name: 'distribution-sweep', dependencies: ['db', 'events'] },
);
