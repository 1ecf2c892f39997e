import { ItemStatus } from '@portal/contracts';
import { LEAD_TABLE_NAMES, otherKeyOf, phoneKeyOf, type LeadKind } from '@portal/contracts/leads';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { FRESH_LEAD_STATE, type SeedLead } from '../db/seed-leads';
import { insertLeads } from '../modules/leads/repo';

/** Lead fixtures for tests: complete rows (every column), inserted in one batch. */

export async function customerIdOf(db: Kysely<Database>, loginAccount: string): Promise<number> {
  return (await db.selectFrom('customers').select('id').where('loginAccount', '=', loginAccount).executeTakeFirstOrThrow()).id;
}

export async function itemIdsOf(db: Kysely<Database>, customerId: number): Promise<number[]> {
  return (await db.selectFrom('items').select('id').where('customerId', '=', customerId).orderBy('id').execute()).map((row) => row.id);
}

/** The customer's first on-air item (imports and pushes need one that takes leads). */
export async function onAirItemOf(db: Kysely<Database>, customerId: number): Promise<number> {
  return (
    await db
      .selectFrom('items')
      .select('id')
      .where('customerId', '=', customerId)
      .where('status', '=', ItemStatus.OnAir)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/** A plain unread, unassigned lead of `kind`; `overrides` set the rest (its duplicate keys follow its contacts). */
export function leadRow(customerId: number, kind: LeadKind, overrides: Partial<SeedLead> = {}): SeedLead {
  const row = {
    customerId,
    listKind: kind,
    tableName: LEAD_TABLE_NAMES[kind],
    itemId: null,
    itemTitle: '测试项目',
    name: '测试',
    mobile: '13800138000',
    mobileStatus: 1,
    other: null,
    channelId: null,
    channelTitle: null,
    searchWord: null,
    region: null,
    province: null,
    city: null,
    resType: 1,
    descrip: null,
    otherInfo: null,
    createTime: '2021-03-05T04:00:00.000Z',
    crmFollower: null,
    crmFollowerId: null,
    channelSourceCode: null,
    crmPushed: 0,
    remark: null,
    readStatus: 0,
    status: 0,
    genreId: null,
    templateStyle: null,
    searchDomain: null,
    referrerUrl: null,
    pageUrl: null,
    content: null,
    callData: null,
    questionnaire: null,
    feedbackId: null,
    clientId: null,
    source: null,
    qq: null,
    address: null,
    ipArea: null,
    modeType: null,
    platform: null,
    ...FRESH_LEAD_STATE,
    ...overrides,
  };
  return { ...row, phoneKey: overrides.phoneKey ?? phoneKeyOf(row.mobile), otherKey: overrides.otherKey ?? otherKeyOf(row.other) };
}

/** Inserts the rows and answers their ids, in order. */
export async function insertFixtures(db: Kysely<Database>, rows: SeedLead[]): Promise<number[]> {
  const before = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirstOrThrow();
  await db.transaction().execute((tx) => insertLeads(tx, rows));
  const ids = await db
    .selectFrom('leads')
    .select('id')
    .where('id', '>', Number(before.max ?? 0))
    .orderBy('id')
    .execute();
  return ids.map((row) => row.id);
}

/** The stored row of a lead, to check what a refused call left alone. */
export const storedLead = (db: Kysely<Database>, id: number) => db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A minimal RFC 4180 parser (quoted cells, doubled quotes, CRLF inside quotes) for checking exports. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/**
 * A mobile that no other test uses: 166 (a range the demo seed never draws) and eight digits from a
 * clock and a counter. A test that sends one
 * number twice makes a duplicate (held back from distribution and push): tests of anything else
 * send fresh numbers.
 */
let mobiles = 0;
export const freshMobile = (): string => `166${String(Date.now() % 1e4).padStart(4, '0')}${String((mobiles += 1)).padStart(4, '0')}`;
