import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { chinaToday } from '../../lib/time';
import { dialects, startApp, type TestApp } from '../../test/harness';
import { customerIdOf, freshMobile } from '../../test/leads';
import { ingestLead } from '../crm/push/testing';
import { chinaMinute } from './service';
import { distributionSweepPlugin } from './sweep';
import { newItem, newStaff, queueOf, setCrm, setDay } from './testing';

/*
 * The queue's timer: a lead that waited is handed over by the sweep once someone qualifies,
 * without any other call. The plugin runs in a server of its own over the test app's database and
 * events (the test app's own timer is off).
 */

describe.each(dialects())('the distribution sweep on %s', (dialect) => {
  let t: TestApp;
  let sweeper: FastifyInstance | undefined;
  beforeAll(async () => {
    t = await startApp(dialect);
  });
  afterAll(async () => {
    await sweeper?.close();
    await t.close();
  });

  it('hands a waiting lead over once someone qualifies, with no other call', async () => {
    const customerId = await customerIdOf(t.db, 'demo2');
    const client = t.client();
    await client.login('demo2');
    const key = (await client.get('/rest/customer/account/ingest-key')).json().data.key;
    await setCrm(t.db, customerId, 'ec', true, 0);
    const itemId = await newItem(t.db, customerId, '定时项目');
    const [person] = await newStaff(t.db, customerId, ['定时员工']);
    const day = { customerId, crmCode: 'ec' as const, itemId, date: chinaToday() };
    const offShift = chinaMinute(new Date()) < 12 * 60 ? '18:00-20:00' : '02:00-04:00';
    await setDay(t.db, day, [{ userId: person, dataNum: 1, dataNumLimit: null, timeStr: offShift }]);
    const id = await ingestLead(t, key, { listKind: 'resource', itemId, name: '等待', mobile: freshMobile() });
    expect(await queueOf(t.db, itemId)).toEqual([id]);

    sweeper = Fastify();
    sweeper.register(
      fp(
        async (app) => {
          app.decorate('db', t.db);
          app.decorate('events', t.app.events);
        },
        { name: 'db' },
      ),
    );
    sweeper.register(fp(async () => undefined, { name: 'events' }));
    sweeper.register(distributionSweepPlugin, { intervalMs: 20 });
    await sweeper.ready();
    // Someone's shift starts: the next sweep gives the lead.
    const pushed = new Promise<number>((resolve) => {
      const stop = t.app.events.on('lead.pushed', (event) => {
        stop();
        resolve(event.id);
      });
    });
    await setDay(t.db, day, [{ userId: person, dataNum: 1, dataNumLimit: null }]);
    expect(await pushed).toBe(id);
    expect(await queueOf(t.db, itemId)).toEqual([]);
    const lead = await t.db.selectFrom('leads').select('crmFollowerId').where('id', '=', id).executeTakeFirstOrThrow();
    expect(lead.crmFollowerId).toBe(person);
    await sweeper.close();
    sweeper = undefined;
  });
});
