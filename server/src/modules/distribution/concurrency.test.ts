import { chinaToday } from '../../lib/time';
import { dialects, startApp, type TestApp } from '../../test/harness';
import { customerIdOf } from '../../test/leads';
import { drainQueue } from './service';
import { newItem, newStaff, queueOf, recordsOf, setCrm, setDay } from './testing';

/*
 * 50 ingestions of one project at once (and queue sweeps beside them): the day's state row keeps
 * them in turn, so no cap is exceeded and no turn skipped. Two people, one lead per round each,
 * caps 10 and 15: 25 leads given (each person's rounds 1, 2, ... without a gap or a repeat), 25 waiting.
 */

const LEADS = 50;

describe.each(dialects())('concurrent distribution on %s', (dialect) => {
  let t: TestApp;
  let customerId: number;
  let key: string;

  beforeAll(async () => {
    t = await startApp(dialect);
    const client = t.client();
    await client.login('demo2');
    key = (await client.get('/rest/customer/account/ingest-key')).json().data.key;
    customerId = await customerIdOf(t.db, 'demo2');
    await setCrm(t.db, customerId, 'ec', true, 0);
  });
  afterAll(() => t.close());

  it(`keeps ${LEADS} concurrent ingestions of one project within the caps and in turn`, async () => {
    const itemId = await newItem(t.db, customerId, '并发项目');
    const [ten, fifteen] = await newStaff(t.db, customerId, ['上限十', '上限十五']);
    await setDay(t.db, { customerId, crmCode: 'ec', itemId, date: chinaToday() }, [
      { userId: ten, dataNum: 1, dataNumLimit: 10 },
      { userId: fifteen, dataNum: 1, dataNumLimit: 15 },
    ]);

    const responses = await Promise.all([
      ...Array.from({ length: LEADS }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/rest/open/leads',
          headers: { 'x-ingest-key': key },
          payload: { listKind: 'resource', itemId, name: `并发${i}`, mobile: '13812345678' },
        }),
      ),
      // Sweeps at the same time: they must neither deadlock with the ingestions nor give twice.
      ...Array.from({ length: 5 }, () => drainQueue(t.db, t.app.events, customerId, [itemId]).then(() => null)),
    ]);
    const ids = responses
      .flatMap((response) => (response ? [response] : []))
      .map((response) => {
        expect(response.statusCode).toBe(201);
        return response.json().data.id as number;
      });

    const records = [...(await recordsOf(t.db, ids)).values()];
    const roundsOf = (userId: number) =>
      records
        .filter((record) => record.userId === userId)
        .map((record) => record.round)
        .sort((x, y) => x! - y!);
    const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(roundsOf(ten)).toEqual(range(10));
    expect(roundsOf(fifteen)).toEqual(range(15));
    expect(records.filter((record) => record.status === 'waiting')).toHaveLength(LEADS - 25);
    const followers = await t.db.selectFrom('leads').select('crmFollowerId').where('itemId', '=', itemId).execute();
    expect(followers.filter((lead) => lead.crmFollowerId === ten)).toHaveLength(10);
    expect(followers.filter((lead) => lead.crmFollowerId === fifteen)).toHaveLength(15);

    // The queue holds the rest in arrival order; only the given leads were pushed.
    const queued = await queueOf(t.db, itemId);
    expect(queued).toHaveLength(LEADS - 25);
    expect(new Set(queued)).toEqual(new Set(records.filter((record) => record.status === 'waiting').map((record) => record.leadId)));
    const jobs = await t.db.selectFrom('crmPushJobs').select('leadId').where('leadId', 'in', ids).execute();
    expect(jobs).toHaveLength(25);
    // Once the caps are reached nobody qualifies: a sweep gives nothing more.
    expect(await drainQueue(t.db, t.app.events, customerId, [itemId])).toBe(0);
  });
});
