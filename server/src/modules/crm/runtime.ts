import type { CrmCode } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CrmConfig } from '../../config';
import type { Db } from '../../db/schema';
import { connectorFor } from './connectors';
import { SlidingWindowPacer } from './connectors/pacing';
import type { CallPacer, ConnectorContext, CrmAccountParams, CrmConnector, TokenStore } from './connectors/types';

/** The settings of a literal config without `crm` (the tests): no worker, public base URLs. */
export const DEFAULT_CRM_CONFIG: CrmConfig = { baseUrls: {}, worker: false, timeoutMs: 10_000, pollMs: 500 };

/** What the CRM module's routes and worker share: the configuration and how to reach a customer's CRM. */
export interface CrmRuntime {
  config: CrmConfig;
  connector(code: CrmCode): CrmConnector;
  /** The connector context of one customer's account: its base URL, the timeout, its shared login token. */
  contextFor(db: Db, customerId: number, account: CrmAccountParams): ConnectorContext;
  /** Points CRMs without a configured base URL elsewhere (the demo's CRM sandbox, once its fake servers listen). */
  setBaseUrls(urls: Partial<Record<CrmCode, string>>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    crm: CrmRuntime;
  }
}

/** The login token of one customer's CRM account, in crm_accounts, so every instance shares one login. */
export const accountTokenStore = (db: Db, customerId: number, crmCode: CrmCode): TokenStore => {
  const account = () => db.updateTable('crmAccounts').where('customerId', '=', customerId).where('crmCode', '=', crmCode);
  return {
    async get() {
      const row = await db
        .selectFrom('crmAccounts')
        .select(['authToken', 'authTokenExpires'])
        .where('customerId', '=', customerId)
        .where('crmCode', '=', crmCode)
        .executeTakeFirst();
      if (!row?.authToken) return null;
      return row.authTokenExpires !== null && Number(row.authTokenExpires) <= Date.now() ? null : row.authToken;
    },
    async set(token, expiresAt) {
      await account().set({ authToken: token, authTokenExpires: expiresAt }).execute();
    },
    async clear() {
      await account().set({ authToken: null, authTokenExpires: null }).execute();
    },
  };
};

/** Pacers kept at most (one per company that called lately); idle ones are dropped first. */
const MAX_PACERS = 10_000;

/**
 * The base URL of an account: the configured one (or the sandbox's), else the connector's public
 * API for the account. A configured URL may hold `{host}`: the host of the account's public API
 * (lixiao's edition host), so one fake or proxy can tell the editions apart by path.
 */
export function baseUrlOf(connector: CrmConnector, account: CrmAccountParams, configured: string | undefined): string {
  const own = connector.defaultBaseUrl(account);
  if (configured === undefined) return own;
  return configured.includes('{host}') ? configured.replace('{host}', new URL(own).host) : configured;
}

export function createCrmRuntime(config: CrmConfig): CrmRuntime {
  const overrides: Partial<Record<CrmCode, string>> = {};
  const pacers = new Map<string, SlidingWindowPacer>();
  /** The pacer of the account's company (shared by its accounts in this process), where the CRM documents a rate. */
  const pacerOf = (connector: CrmConnector, account: CrmAccountParams): CallPacer | undefined => {
    if (!connector.callLimits?.length || config.pacingScale === 0) return undefined;
    const key = `${connector.code}:${connector.pacingKey?.(account) ?? account.param1 ?? ''}`;
    let pacer = pacers.get(key);
    if (!pacer) {
      if (pacers.size >= MAX_PACERS) for (const [old, candidate] of pacers) if (candidate.idle) pacers.delete(old);
      pacer = new SlidingWindowPacer(connector.callLimits, { scale: config.pacingScale, maxWaitMs: config.pacingMaxWaitMs });
      pacers.set(key, pacer);
    }
    return pacer;
  };
  return {
    config,
    connector: connectorFor,
    contextFor: (db, customerId, account) => {
      const connector = connectorFor(account.crmCode);
      return {
        baseUrl: baseUrlOf(connector, account, config.baseUrls[account.crmCode] ?? overrides[account.crmCode]),
        timeoutMs: config.timeoutMs,
        tokens: accountTokenStore(db, customerId, account.crmCode),
        pacer: pacerOf(connector, account),
      };
    },
    setBaseUrls: (urls) => Object.assign(overrides, urls),
  };
}

/** Decorates the app with `crm` (the runtime) before the routes that use it. */
export const crmRuntimePlugin = fp<{ config: CrmConfig }>(
  async (app: FastifyInstance, options) => {
    app.decorate('crm', createCrmRuntime(options.config));
  },
  { name: 'crm-runtime' },
);
