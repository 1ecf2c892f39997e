import type { CrmCode } from '@portal/contracts';
import type { CrmAccount, CrmConnection } from '@portal/contracts/crm';

export const CONNECTION_OK: CrmConnection = { paused: false, consecutiveFailures: 0, pausedAt: null, pending: 2, failed: 1 };
export const CONNECTION_PAUSED: CrmConnection = { paused: true, consecutiveFailures: 5, pausedAt: '2026-03-02 10:00:00', pending: 7, failed: 3 };

/** A saved account as the server answers it (secrets masked). */
export function accountOf(crmCode: CrmCode, change: Partial<CrmAccount> = {}): CrmAccount {
  const params = { param1: '', param2: '', param3: '', param4: '', param5: '', param6: '', param7: '', param8: '', param9: '', param10: '' };
  return {
    id: 7,
    crmCode,
    createTime: '2026-03-01 09:00:00',
    creater: 'demo',
    edition: '1',
    sync: 1,
    channelSourceName: '',
    ...params,
    steps: { account: true, info: false, schedule: false, sync: true },
    connection: CONNECTION_OK,
    ...change,
  };
}

export const EC_ACCOUNT = accountOf('ec', { param1: 'corp-1', param2: 'app-1', param3: '******', param10: '1' });
