import type { CrmCode } from '@portal/contracts';
import type { Db } from '../../../db/schema';

/** Queries of the CRM settings tables; every one for the given customer only. */

/** What 'update data' stores per CRM: its fields, label classes, templates, sources. */
export type DiscoveryKind = 'fields' | 'labels' | 'templates' | 'sources';

export const findAccount = (db: Db, customerId: number, crmCode: CrmCode) =>
  db.selectFrom('crmAccounts').selectAll().where('customerId', '=', customerId).where('crmCode', '=', crmCode).executeTakeFirst();

export const findDiscovery = (db: Db, customerId: number, crmCode: CrmCode, kind: DiscoveryKind) =>
  db
    .selectFrom('crmDiscovery')
    .select(['data', 'updatedAt'])
    .where('customerId', '=', customerId)
    .where('crmCode', '=', crmCode)
    .where('kind', '=', kind)
    .executeTakeFirst();

export const listFieldMappings = (db: Db, customerId: number, crmCode: CrmCode, resType: number) =>
  db
    .selectFrom('crmFieldMappings')
    .selectAll()
    .where('customerId', '=', customerId)
    .where('crmCode', '=', crmCode)
    .where('resType', '=', resType)
    .orderBy('sort')
    .orderBy('id')
    .execute();
