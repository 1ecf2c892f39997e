import { MappingResType, DistributionType } from '@portal/contracts/crm';
import type { Db } from '../../db/schema';
import { nowIso, toChinaDateTime } from '../../lib/time';
import type { CrmField } from './connectors/types';

/**
 * The demo CRM setup: the `demo` customer has an ec account with pushing on, so that new leads
 * reach the CRM sandbox of `npm start` (the fake EC, whose base URL the runtime configuration
 * gives; the account names nothing but the sandbox's corp). The fake EC takes its valid
 * credentials from here (server/src/test/fake-crm/ec.ts EC_CREDENTIALS); a test pushes through the
 * fake with this account. `demo2` has no CRM setup.
 */
export const DEMO_EC_ACCOUNT = {
  param1: '21299001',
  param2: '530000000000000001',
  param3: 'fake-ec-app-secret',
  param4: '8001',
  param5: '8002',
  param6: '1',
  param7: '官网推广',
  param8: '2',
  param9: '3001',
  param10: '1',
} as const;

/**
 * The sandbox EC's first customer fields as 'update data' stores them: EC's custom field ids
 * (config/getFieldMapping fieldId, server/src/test/fake-crm/ec.ts). EC takes the name and mobile
 * as fixed fields of every customer, not as mapped ones.
 */
const DEMO_EC_FIELDS: CrmField[] = [
  { code: '10001', name: '公司名称', type: 'text', required: false },
  { code: '10002', name: '预算', type: 'number', required: false },
  { code: '10003', name: '到访日期', type: 'date', required: false },
  { code: '10004', name: '座机', type: 'phone', required: false },
];

/** The mapping of the demo: the lead's project title as the company. */
const DEMO_EC_MAPPING = [{ crmFCode: '10001', crmFName: '公司名称', wyFCode: 'itemTitle' }];

/** Gives the customer `loginAccount` the demo ec setup (account, discovered fields, mapping for both resTypes, rule type 0 unlimited). */
export async function seedDemoCrm(tx: Db, loginAccount: string): Promise<void> {
  const customer = await tx.selectFrom('customers').select('id').where('loginAccount', '=', loginAccount).executeTakeFirst();
  if (!customer) return;
  const customerId = customer.id;
  const shown = toChinaDateTime(nowIso());
  await tx
    .insertInto('crmAccounts')
    .values({ customerId, crmCode: 'ec', ...DEMO_EC_ACCOUNT, edition: '1', sync: 1, createTime: shown, creater: loginAccount })
    .execute();
  await tx
    .insertInto('crmDiscovery')
    .values({ customerId, crmCode: 'ec', kind: 'fields', data: JSON.stringify(DEMO_EC_FIELDS), updatedAt: shown })
    .execute();
  await tx
    .insertInto('crmFieldMappings')
    .values(
      [MappingResType.Form, MappingResType.SmartChat].flatMap((resType) =>
        DEMO_EC_MAPPING.map((row, sort) => ({ customerId, crmCode: 'ec', resType, ...row, sort })),
      ),
    )
    .execute();
  await tx.insertInto('distributeRules').values({ customerId, crmCode: 'ec', type: DistributionType.Unlimited }).execute();
}
