import { chinaToday } from '../../lib/time';
import { dialects, startApp, type TestApp, type TestClient } from '../../test/harness';
import { customerIdOf, freshMobile } from '../../test/leads';
import { drainQueue } from './service';
import { newItem, newStaff, queueOf, recordsOf, setCrm, setDay } from './testing';

/*
 * 50 ingestions of one project at once (and queue sweeps beside them): the day's state row keeps
 * them in turn, so no cap is exceeded and no turn skipped. Two people, one lead per round each,
 * caps 10 and 15: 25 leads given (each person's rounds 1, 2, ... without a gap or a repeat), 25 waiting.
 * And waiting leads taken at once by the engine (ingestions, sweeps) and by hand: each lead once,
 * nothing failing (on PostgreSQL the locks are taken in one order, so no deadlock).
 */

const LEADS = 50;

describe.each(dialects())('concurrent distribution on %s', (dialect) => {
  let t: TestApp;
  let customerId: number;
  let key: string;
  let client: TestClient;

  beforeAll(async () => {
    t = await startApp(dialect);
    client = t.client();
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
          payload: { listKind: 'resource', itemId, name: `并发${i}`, mobile: freshMobile() },
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

  const [WAITING, NEW, CAP] = [40, 4, 45];
  it('hands waiting leads over once, whether by the engine or by hand, with ingestions, sweeps and manual assignments at once', async () => {
    const itemId = await newItem(t.db, customerId, '混合并发项目');
    const [person, manual] = await newStaff(t.db, customerId, ['值班员工', '手动员工']);
    const day = { customerId, crmCode: 'ec' as const, itemId, date: chinaToday() };
    await setDay(t.db, day, [{ userId: person, dataNum: 0, dataNumLimit: CAP }]);
    const post = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/rest/open/leads',
        headers: { 'x-ingest-key': key },
        payload: { listKind: 'resource', itemId, name: `混合${i}`, mobile: freshMobile() },
      });
    const waiting = await Promise.all(Array.from({ length: WAITING }, (_, i) => post(i).then((response) => response.json().data.id as number)));
    expect((await queueOf(t.db, itemId)).sort()).toEqual([...waiting].sort());

    // The person takes leads again (up to the cap) while the customer assigns every fourth waiting one by hand.
    await setDay(t.db, day, [{ userId: person, dataNum: 1, dataNumLimit: CAP }]);
    const results = await Promise.all([
      // By hand: the engine may reach some first.
      ...waiting
        .filter((_, i) => i % 4 === 0)
        .map((id) =>
          client
            .put('/rest/es/eccutomerdistribute/assignResourcesManually', { resourceList: [{ id, tableName: 'resource' }], userId: manual })
            .then((response) => ({ kind: 'manual', status: response.statusCode })),
        ),
      ...Array.from({ length: NEW }, (_, i) => post(WAITING + i).then((response) => ({ kind: 'ingest', status: response.statusCode }))),
      ...Array.from({ length: 2 }, () => drainQueue(t.db, t.app.events, customerId, [itemId]).then(() => ({ kind: 'sweep', status: 200 }))),
    ]);
    // Nothing failed: an ingestion is stored, a manual assignment either took its lead or was refused (the engine was first).
    expect(results.filter((result) => result.kind === 'ingest').every((result) => result.status === 201)).toBe(true);
    expect(results.filter((result) => result.kind === 'manual').every((result) => [200, 400, 409].includes(result.status))).toBe(true);

    const leads = await t.db.selectFrom('leads').select(['id', 'crmFollowerId']).where('itemId', '=', itemId).execute();
    const records = await recordsOf(
      t.db,
      leads.map((lead) => lead.id),
    );
    const followerOf = new Map(leads.map((lead) => [lead.id, lead.crmFollowerId]));
    const engine = [...records.values()].filter((record) => record.status === 'assigned');
    const byHand = [...records.values()].filter((record) => record.status === 'manual');
    const stillWaiting = [...records.values()].filter((record) => record.status === 'waiting');
    expect(engine.every((record) => followerOf.get(record.leadId) === person)).toBe(true);
    expect(byHand.every((record) => followerOf.get(record.leadId) === manual)).toBe(true);
    expect(stillWaiting.every((record) => followerOf.get(record.leadId) === null)).toBe(true);
    expect(engine.length + byHand.length + stillWaiting.length).toBe(WAITING + NEW);
    // The person's rounds run 1, 2, ... without a gap or a repeat, within the cap.
    expect(engine.map((record) => record.round).sort((x, y) => x! - y!)).toEqual(Array.from({ length: engine.length }, (_, i) => i + 1));
    expect(engine.length).toBe(Math.min(CAP, WAITING + NEW - byHand.length));
    expect((await queueOf(t.db, itemId)).sort()).toEqual(stillWaiting.map((record) => record.leadId).sort());
    // Each handed-over lead has its one push.
    const jobs = await t.db
      .selectFrom('crmPushJobs')
      .select('leadId')
      .where(
        'leadId',
        'in',
        leads.map((lead) => lead.id),
      )
      .execute();
    expect(jobs.map((job) => job.leadId).sort()).toEqual([...engine, ...byHand].map((record) => record.leadId).sort());
  });
});
