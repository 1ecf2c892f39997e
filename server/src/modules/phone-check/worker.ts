import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repeatInProcess } from '../../lib/repeat';
import { httpPhoneChecker, type PhoneChecker, type PhoneCheckerConfig } from './checker';
import { runPhoneChecks } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured phone checker (PHONE_CHECKER_URL), null when none: numbers keep their pattern class. */
    phoneChecker: PhoneChecker | null;
  }
}

/** The checker of a server (config.phoneCheck): its connector and whether this process runs its loop. */
export interface PhoneCheckConfig extends PhoneCheckerConfig {
  /** Runs the checker's loop in this process (PHONE_CHECK_WORKER, on by default; the tests drive passes themselves). */
  worker: boolean;
  /** Pause of the loop between passes that found nothing more to do. */
  pollMs: number;
}

/**
 * `app.phoneChecker`, and the checker's loop when configured and on (repeatInProcess): a pass
 * (runPhoneChecks) every `pollMs`, at once again while passes find a full claim.
 */
export const phoneCheckPlugin = fp<{ config?: PhoneCheckConfig; checker?: PhoneChecker }>(
  async (app: FastifyInstance, { config, checker }) => {
    const connector = checker ?? (config ? httpPhoneChecker(config) : null);
    app.decorate('phoneChecker', connector);
    if (!connector || !config?.worker) return;
    const limit = 500;
    repeatInProcess(app, {
      everyMs: config.pollMs,
      failed: 'phone check: a pass failed',
      run: async () => {
        const pass = await runPhoneChecks(app.db, app.events, connector, { limit });
        if (pass.failed > 0) app.log.warn({ failed: pass.failed }, 'phone check: the checker did not answer; retried later');
        // A full claim: more are due, at once.
        return pass.claimed >= limit ? 0 : config.pollMs;
      },
    });
  },
  { name: 'phone-check', dependencies: ['db', 'events'] },
);
