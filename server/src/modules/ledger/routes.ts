import type { FastifyPluginAsync } from 'fastify';

/** The project ledger's calls: balance, low balance, top-ups, consumption grids, promotion (reportEndpoints). */
export const ledgerRoutes: FastifyPluginAsync = async () => {};
