import fp from 'fastify-plugin';
import { repeatInProcess } from '../../lib/repeat';
import { runFollowUpSweep } from './service';

/**
 * The follow-up deadlines' timer: every `intervalMs` the leads past their deadline are handled
 * (runFollowUpSweep); runs never overlap (repeatInProcess). 0 is off (the tests sweep with their
 * own clock).
 */
export const followUpSweepPlugin = fp<{ intervalMs: number }>(
  async (app, { intervalMs }) => {
    if (!(intervalMs > 0)) return;
    repeatInProcess(app, {
      everyMs: intervalMs,
      failed: 'follow-up: the sweep failed',
      run: async () => {
        const { overdue, recycled } = await runFollowUpSweep(app.db, app.events);
        if (overdue > 0) app.log.info({ overdue, recycled }, 'follow-up: overdue leads handled');
      },
    });
  },
  { name: 'follow-up-sweep', dependencies: ['db', 'events'] },
);
