import { LIST_SHOWN_KINDS, PAGINATION_INFO_HEADER } from '@portal/contracts';
import { seededRandom } from '../../db/seed';
import { chinaDayStartIso } from '../../lib/time';
import { dialects, useDemoApp } from '../../test/harness';
import { customerIdOf, insertFixtures, itemIdsOf, leadRow } from '../../test/leads';

/*
 * Deep pages (issue 25): the lists find a page's ids first and read only those rows (a deferred
 * join, leads/repo.ts listLeads). Over a seeded set with many ties in createTime, every page of
 * the resource list, plain and filtered, holds exactly the rows of the plain OFFSET query the lists
 * ran before, in its order. Customer demo2 (client b), a window of days no seed reaches.
 */

const LIST = '/rest/customer/feedback/resource';
const RANGE = { startTime: '2020-06-01', endTime: '2020-06-03' };
const LEADS = 230;

describe.each(dialects())('deep pages of a lead list on %s', (dialect) => {
  const s = useDemoApp(dialect);
  let customerId: number;
  let itemId: number;

  beforeAll(async () => {
    customerId = await customerIdOf(s.t.db, 'demo2');
    itemId = (await itemIdsOf(s.t.db, customerId))[0]!;
    const random = seededRandom(250_301);
    // Seven instants only, across the three days: most rows tie with dozens of others.
    const instants = Array.from({ length: 7 }, (_, index) =>
      new Date(Date.parse(chinaDayStartIso('2020-06-01')) + index * 9 * 3_600_000 + 1).toISOString(),
    );
    await insertFixtures(
      s.t.db,
      Array.from({ length: LEADS }, (_, index) =>
        leadRow(customerId, random() < 0.8 ? 'resource' : 'distribution', {
          name: `深页${index}`,
          mobile: `135${String(20_000_000 + index).slice(-8)}`,
          createTime: instants[Math.floor(random() * instants.length)]!,
          itemId: random() < 0.5 ? itemId : null,
          readStatus: random() < 0.5 ? 1 : 0,
          // Some deleted: never on a page.
          status: random() < 0.1 ? -1 : 0,
        }),
      ),
    );
  });

  /** The ids of every page of the list as the plain OFFSET query gives them. */
  const offsetIds = async (filter: { itemId?: number; readStatus?: number }, limit: number, offset: number): Promise<number[]> => {
    let query = s.t.db
      .selectFrom('leads')
      .select('id')
      .where('customerId', '=', customerId)
      .where('listKind', 'in', [...LIST_SHOWN_KINDS.resource])
      .where('status', '=', 0)
      .where('createTime', '>=', chinaDayStartIso(RANGE.startTime))
      .where('createTime', '<', chinaDayStartIso('2020-06-04'));
    if (filter.itemId !== undefined) query = query.where('itemId', '=', filter.itemId);
    if (filter.readStatus !== undefined) query = query.where('readStatus', '=', filter.readStatus);
    const rows = await query.orderBy('createTime', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
    return rows.map((row) => row.id);
  };

  it.each([
    ['no filter', 7, {}],
    ['no filter', 20, {}],
    ['a project', 9, { itemId: -1 }],
    ['unread', 10, { readStatus: 0 }],
  ])(
    '%s, %d a page: every page equals the OFFSET query, ties in order, and the pages cover every row once',
    async (_, pageSize, given: { itemId?: number; readStatus?: number }) => {
      const filter = given.itemId === -1 ? { itemId } : given;
      const query = {
        ...RANGE,
        ...(filter.itemId ? { itemId: String(filter.itemId) } : {}),
        ...(filter.readStatus !== undefined ? { readStatus: String(filter.readStatus) } : {}),
      };
      const first = await s.b.get(LIST, { query: { ...query, page: '1', pageSize: String(pageSize) } });
      expect(first.statusCode).toBe(200);
      const total = (JSON.parse(first.headers[PAGINATION_INFO_HEADER] as string) as { totalRow: number }).totalRow;
      expect(total).toBeGreaterThan(3 * pageSize);
      const seen: number[] = [];
      for (let page = 1; page <= Math.ceil(total / pageSize) + 1; page++) {
        const response = await s.b.get(LIST, { query: { ...query, page: String(page), pageSize: String(pageSize) } });
        expect(response.statusCode).toBe(200);
        const ids = (response.json() as Array<{ id: number }>).map((row) => row.id);
        expect({ page, ids }).toEqual({ page, ids: await offsetIds(filter, pageSize, (page - 1) * pageSize) });
        seen.push(...ids);
      }
      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
    },
  );
});
