import type { CrmCode } from '@portal/contracts';
import type { Db } from '../../../db/schema';
import type { CrmAccountParams, CrmField } from '../connectors/types';
import { type FieldMappingRow, parseJson, toFieldMappingRow } from './mapping';
import * as repo from './repo';

export type { FieldMappingChild, FieldMappingRow } from './mapping';

/** A customer's saved account of one CRM as the connectors take it, with its row id and sync switch. */
export type StoredAccountParams = CrmAccountParams & { id: number; sync: number };

/** The account of one CRM of a customer, unmasked (for the connectors); null when none is saved. */
export async function findAccountParams(db: Db, customerId: number, crmCode: CrmCode): Promise<StoredAccountParams | null> {
  const row = await repo.findAccount(db, customerId, crmCode);
  if (!row) return null;
  return {
    id: row.id,
    sync: row.sync,
    crmCode,
    param1: row.param1,
    param2: row.param2,
    param3: row.param3,
    param4: row.param4,
    param5: row.param5,
    param6: row.param6,
    param7: row.param7,
    param8: row.param8,
    param9: row.param9,
    param10: row.param10,
    edition: row.edition,
  };
}

/** What the push pipeline maps a lead with: the saved rows of one CRM and resType, and the CRM's fields as last discovered. */
export interface PushMapping {
  rows: FieldMappingRow[];
  crmFields: CrmField[];
}

/** One customer's field mapping of a CRM for a resType (1 form, 2 smart chat), read for the push pipeline. */
export async function loadPushMapping(db: Db, customerId: number, crmCode: CrmCode, resType: number): Promise<PushMapping> {
  const [rows, fields] = await Promise.all([
    repo.listFieldMappings(db, customerId, crmCode, resType),
    repo.findDiscovery(db, customerId, crmCode, 'fields'),
  ]);
  return { rows: rows.map(toFieldMappingRow), crmFields: parseJson<CrmField[]>(fields?.data, []) };
}
