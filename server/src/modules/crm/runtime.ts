import type { CrmCode } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CrmConfig } from '../../config';
import type { Db } from '../../db/schema';
import { connectorFor } from './connectors';
import type { ConnectorContext, CrmAccountParams, CrmConnector, TokenStore } from './connectors/types';

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

export function createCrmRuntime(config: CrmConfig): CrmRuntime {
  const overrides: Partial<Record<CrmCode, string>> = {};
  return {
    config,
    connector: connectorFor,
    contextFor: (db, customerId, account) => ({
      baseUrl: config.baseUrls[account.crmCode] ?? overrides[account.crmCode] ?? connectorFor(account.crmCode).defaultBaseUrl(account),
      timeoutMs: config.timeoutMs,
      tokens: accountTokenStore(db, customerId, account.crmCode),
    }),
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
