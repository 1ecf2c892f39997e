import { CommonMessage, HEAVY_CALLS_PER_SESSION } from '@portal/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { tooManyRequests } from '../http/errors';
import { currentSession } from './auth';

declare module 'fastify' {
  interface FastifyInstance {
    /** Route onRequest hook of a `heavy` catalogue entry, after requireLogin: takes one of the session's slots or answers 429. */
    heavyCallSlot: onRequestAsyncHookHandler;
    /** Heavy calls running now, per session token (what the slots count; for tests and diagnostics). */
    heavyCallsRunning(): number;
  }
}

export interface HeavyCallsOptions {
  /** Heavy calls one session may run at once; default HEAVY_CALLS_PER_SESSION. */
  perSession?: number;
}

/** What a refused call is told to wait: a heavy report or export takes about a second. */
const RETRY_AFTER_MS = 2000;

/**
 * At most `perSession` heavy calls (reports over a range, exports: the catalogue's `heavy`) run
 * at once for one session; the next answers 429 with Retry-After and the Chinese message the page
 * shows (CommonMessage.HeavyCallsBusy). A burst of one customer (a script, a page opened in many
 * tabs) so waits on its own side, while other customers' calls keep the server.
 *
 * A slot is held from the start of the request until its answer is fully sent or its connection
 * closes, whichever comes first (a download that streams holds it until its last byte), and is
 * given back exactly once. The counts live in the instance's memory: with several instances a
 * session holds up to `perSession` on each, which still bounds what it costs any one of them.
 */
export const heavyCallsPlugin = fp<HeavyCallsOptions>(
  async (app, { perSession = HEAVY_CALLS_PER_SESSION }) => {
    const running = new Map<string, number>();

    app.decorate('heavyCallsRunning', () => [...running.values()].reduce((sum, count) => sum + count, 0));
    app.decorate('heavyCallSlot', async function heavyCallSlot(request, reply) {
      const { token } = currentSession(request);
      const held = running.get(token) ?? 0;
      if (held >= perSession) throw tooManyRequests(CommonMessage.HeavyCallsBusy, RETRY_AFTER_MS);
      running.set(token, held + 1);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        const left = (running.get(token) ?? 1) - 1;
        if (left > 0) running.set(token, left);
        else running.delete(token);
      };
      // 'close' comes after the last byte, or when the client goes away first; 'finish' alone
      // would miss an aborted download.
      reply.raw.once('close', release);
      reply.raw.once('finish', release);
    } satisfies onRequestAsyncHookHandler);
  },
  { name: 'heavy-calls', dependencies: ['auth'] },
);
