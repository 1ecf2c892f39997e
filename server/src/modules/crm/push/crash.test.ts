import { PushStatus } from '@portal/contracts/crm';
import { demoClients, dialects, startApp, type TestApp } from '../../../test/harness';
import { EC_CREDENTIALS, startFakeCrm, type FakeCrm } from '../../../test/fake-crm';
import { customerIdOf, itemIdsOf } from '../../../test/leads';
import { freePort, type ServerProcess, startServerProcess, until } from '../../../test/server-process';
import { freshMobile, saveAccount } from './testing';

/**
 * The real server (main.ts, the production entry) in a child process with the push worker on,
 * killed (SIGKILL) in the middle of pushing and started again: every lead reaches the CRM, none twice.
 *
 * Where the kill lands is set by what the fake CRM holds, not by the clock: the leads carry a
 * label, so each ec push is queryExist, addCustomer, then label/update on the customers just
 * created, and the worker records the batch only once all three have answered. The fake lets the
 * first two calls through and holds the third open; the server is killed while it is held, so the
 * CRM has customers the database does not know it created.
 */

const LEADS = 60;

/** Starts main.ts on `t`'s database with the worker on and ec at the fake; resolves once it answers. */
async function startServer(t: TestApp, fake: FakeCrm): Promise<ServerProcess> {
  const database: NodeJS.ProcessEnv =
    t.database.dialect === 'sqlite' ? { SQLITE_PATH: t.database.path } : { DATABASE_URL: t.database.url, DATABASE_SCHEMA: t.database.schema ?? '' };
  return startServerProcess('main.ts', {
    ...database,
    PORT: String(await freePort()),
    LOG_LEVEL: 'error',
    STATIC_ROOT: '',
    LEDGER_JOB: '0',
    CRM_PUSH_WORKER: '1',
    CRM_POLL_MS: '20',
    // A call's timeout far beyond the test: the held call ends with the kill, never as a timeout
    // after which the worker would record the batch.
    CRM_TIMEOUT_MS: '120000',
    CRM_EC_BASE_URL: fake.url,
    RATE_LIMIT_PER_MINUTE: '100000',
    INGEST_RATE_LIMIT_PER_MINUTE: '100000',
  });
}

describe.each(dialects())('the push worker killed mid-push on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeCrm;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    fake = await startFakeCrm('ec');
    t = await startApp(dialect);
  });
  afterAll(async () => {
    fake.recover();
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await t.close();
    await fake.close();
  });

  it('delivers every lead exactly once after a SIGKILL and a restart', async () => {
    const customerId = await customerIdOf(t.db, 'demo');
    await saveAccount(t.db, customerId, EC_CREDENTIALS);
    const [itemId] = await itemIdsOf(t.db, customerId);
    const { a } = await demoClients(t);
    const key = (await a.get('/rest/customer/account/ingest-key')).json().data.key as string;
    // A label (4101, the fake's 高意向) on every lead of the project: ec sets it after the create.
    await t.db
      .insertInto('crmLabelMappings')
      .values({ customerId, crmCode: 'ec', classId: '4101', className: '高意向', itemId, channelId: null, resType: 0 })
      .execute();
    const jobs = () => t.db.selectFrom('crmPushJobs').select(['status', 'leaseUntil']).where('customerId', '=', customerId).execute();

    // The first push's queryExist and addCustomer pass; its label/update is held (and every call after it).
    fake.fail({ kind: 'hang', after: 2 });
    const server = await startServer(t, fake);
    servers.push(server);
    const mobiles: string[] = [];
    for (let i = 0; i < LEADS; i += 1) {
      const mobile = freshMobile();
      mobiles.push(mobile);
      const response = await fetch(`${server.url}/rest/open/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ingest-key': key },
        body: JSON.stringify({ listKind: 'resource', itemId, name: `崩溃${i}`, mobile }),
      });
      expect(response.status).toBe(201);
    }
    // Killed while the CRM holds customers the worker has not recorded yet (it waits for their
    // labels): those pushes reached the CRM, and the database does not know it.
    await until('the label call of a created batch held', () => fake.held === 1);
    await server.stop('SIGKILL');
    expect(fake.calls).toEqual({ '/customer/queryExist': 1, '/customer/addCustomer': 1, '/label/update': 1 });
    const delivered = async () => (await jobs()).filter((job) => job.status === PushStatus.Delivered).length;
    const recorded = await delivered();
    expect(recorded).toBeLessThan(LEADS);
    expect(fake.records.length).toBeGreaterThan(recorded);
    // The held call is answered to nobody; the CRM answers again.
    fake.recover();

    // The dead process's leases would run out after a minute; the test makes that minute pass.
    await t.db.updateTable('crmPushJobs').set({ leaseUntil: 0 }).where('leaseUntil', 'is not', null).execute();
    const restarted = await startServer(t, fake);
    servers.push(restarted);
    await until('every push delivered', async () => (await jobs()).every((job) => job.status === PushStatus.Delivered));
    await restarted.stop('SIGKILL');

    const ours = fake.records.filter((record) => mobiles.includes(record.mobile));
    expect(ours).toHaveLength(LEADS);
    expect(new Set(ours.map((record) => record.mobile)).size).toBe(LEADS);
    expect(await jobs()).toHaveLength(LEADS);
    const pushed = await t.db
      .selectFrom('leads')
      .select('id')
      .where('customerId', '=', customerId)
      .where('mobile', 'in', mobiles)
      .where('crmPushed', '=', 1)
      .execute();
    expect(pushed).toHaveLength(LEADS);
  }, 120_000);
});
