import { CRM_DUPLICATE_REMARK, LEAD_PUSH_STATES, leadState } from '@portal/contracts';
import { type Lead } from '@portal/contracts/leads';
import { leadListEndpoints } from '@portal/contracts/endpoints';
import { dialects, useDemoApp } from '../../test/harness';
import { customerIdOf, insertFixtures, leadRow } from '../../test/leads';

/**
 * The server decides assigned or not (the crmFollowerState filter) and manual assignment as
 * leadState (@portal/contracts) says, for every combination of a lead's record: receiver set or not
 * × crmPushed 0/1 × its push job none/pending/delivered/refused/failed × the CRM duplicate remark.
 */

const LIST = `/rest${leadListEndpoints.resource.path}`;
const BY_USER = '/rest/es/eccutomerdistribute/assignResourcesManually';
/** A day of their own (China), so that the lists hold these leads only. */
const DAY = '2020-02-03';

interface Combination {
  follower: string | null;
  crmPushed: 0 | 1;
  job: string | null;
  duplicate: boolean;
}
const COMBINATIONS: Combination[] = [null, '王强'].flatMap((follower) =>
  ([0, 1] as const).flatMap((crmPushed) =>
    [null, ...LEAD_PUSH_STATES].flatMap((job) => [false, true].map((duplicate) => ({ follower, crmPushed, job, duplicate }))),
  ),
);
const remarkOf = (duplicate: boolean) => (duplicate ? `客户说：${CRM_DUPLICATE_REMARK}` : '已电话沟通');
const label = ({ follower, crmPushed, job, duplicate }: Combination) => `${follower ?? '-'}|${crmPushed}|${job ?? '-'}|${duplicate}`;

describe.each(dialects())('lead state on %s', (dialect) => {
  const s = useDemoApp(dialect);
  let ids: number[];
  /** The combination of each lead, by id. */
  const byId = new Map<number, Combination>();

  beforeAll(async () => {
    // demo2: no CRM syncs, so any of its staff may take a lead (who may receive is not the point here).
    const customerId = await customerIdOf(s.t.db, 'demo2');
    ids = await insertFixtures(
      s.t.db,
      COMBINATIONS.map((combination, index) =>
        leadRow(customerId, 'resource', {
          name: `组合${index}`,
          mobile: `1370000${String(index).padStart(4, '0')}`,
          createTime: `${DAY}T04:${String(index).padStart(2, '0')}:00.000Z`,
          crmFollower: combination.follower,
          crmPushed: combination.crmPushed,
          remark: remarkOf(combination.duplicate),
        }),
      ),
    );
    ids.forEach((id, index) => byId.set(id, COMBINATIONS[index]));
    const jobs = COMBINATIONS.flatMap((combination, index) =>
      combination.job === null
        ? []
        : [
            {
              customerId,
              crmCode: 'ec',
              leadId: ids[index],
              status: combination.job,
              origin: 'auto',
              nextAttemptAt: Date.now(),
              createdAt: Date.now(),
              createTime: '2020-02-03 12:00:00',
            },
          ],
    );
    await s.t.db.insertInto('crmPushJobs').values(jobs).execute();
  });

  const list = async (crmFollowerState?: string): Promise<Lead[]> => {
    const query: Record<string, string> = { startTime: DAY, endTime: DAY, pageSize: '100' };
    if (crmFollowerState !== undefined) query.crmFollowerState = crmFollowerState;
    const response = await s.b.get(LIST, { query });
    expect(response.statusCode).toBe(200);
    return response.json() as Lead[];
  };
  const expectedOf = (combination: Combination) =>
    leadState({
      crmFollower: combination.follower,
      crmPushed: combination.crmPushed,
      crmPushState: combination.job,
      remark: remarkOf(combination.duplicate),
    });

  it('lists every lead with the fields that give it the state of its record', async () => {
    const listed = await list();
    expect(listed.map((lead) => lead.id).sort((x, y) => x - y)).toEqual(ids);
    const shown = listed.map((lead) => [label(byId.get(lead.id)!), leadState(lead)]);
    expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(COMBINATIONS.map((combination) => [label(combination), expectedOf(combination)])));
  });

  it('filters 已分配 and 未分配 exactly as leadState decides assigned, for every combination', async () => {
    const assigned = (await list('1')).map((lead) => label(byId.get(lead.id)!)).sort();
    const unassigned = (await list('0')).map((lead) => label(byId.get(lead.id)!)).sort();
    expect(assigned).toEqual(
      COMBINATIONS.filter((combination) => expectedOf(combination).assigned)
        .map(label)
        .sort(),
    );
    expect(unassigned).toEqual(
      COMBINATIONS.filter((combination) => !expectedOf(combination).assigned)
        .map(label)
        .sort(),
    );
    expect(assigned.length + unassigned.length).toBe(COMBINATIONS.length);
  });

  it('takes a manual assignment exactly when leadState offers it, for every combination', async () => {
    const staff = (await s.b.get('/rest/es/crmuser/like')).json().data as Array<{ id: number }>;
    const taken: string[] = [];
    for (const id of ids) {
      const response = await s.b.put(BY_USER, { resourceList: [{ id, tableName: 'resource' }], userId: staff[0].id });
      expect([200, 400]).toContain(response.statusCode);
      if (response.statusCode === 200) taken.push(label(byId.get(id)!));
    }
    expect(taken.sort()).toEqual(
      COMBINATIONS.filter((combination) => expectedOf(combination).canAssignManually)
        .map(label)
        .sort(),
    );
    // Sanity: the open ones are the unassigned, unpushed leads without a push on its way or done.
    expect(taken.sort()).toEqual(['-|0|-|false', '-|0|failed|false', '-|0|refused|false']);
  });
});
