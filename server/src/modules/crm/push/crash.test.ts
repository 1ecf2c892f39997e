import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { PushStatus } from '@portal/contracts/crm';
import { REPO_ROOT } from '../../../config';
import { demoClients, dialects, startApp, type TestApp } from '../../../test/harness';
import { EC_CREDENTIALS, startFakeCrm, type FakeCrm } from '../../../test/fake-crm';
import { customerIdOf, itemIdsOf } from '../../../test/leads';
import { freshMobile, saveAccount } from './testing';

/**
 * The real server (main.ts) in a child process with the push worker on, killed (SIGKILL) in the
 * middle of pushing and started again: every lead reaches the CRM, none twice.
 */

const LEADS = 60;
const WAIT_MS = 60_000;

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Polls `check` every `everyMs` until it holds; fails after WAIT_MS. */
async function until(what: string, check: () => boolean | Promise<boolean>, everyMs = 50): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

interface Server {
  child: ChildProcess;
  url: string;
  stderr: () => string;
}

/** Starts main.ts on `t`'s database with the worker on and ec at the fake; resolves once it answers. */
async function startServer(t: TestApp, fake: FakeCrm): Promise<Server> {
  const port = await freePort();
  const database: NodeJS.ProcessEnv =
    t.database.dialect === 'sqlite'
      ? { DATABASE_URL: '', SQLITE_PATH: t.database.path }
      : { DATABASE_URL: t.database.url, DATABASE_SCHEMA: t.database.schema ?? '' };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/src/main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...database,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      STATIC_ROOT: '',
      REDIS_URL: '',
      LEDGER_JOB: '0',
      CRM_SANDBOX: '0',
      CRM_PUSH_WORKER: '1',
      CRM_POLL_MS: '20',
      CRM_EC_BASE_URL: fake.url,
      RATE_LIMIT_PER_MINUTE: '100000',
      INGEST_RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  await until('the server to answer', async () => {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr.slice(0, 500)}`);
    return fetch(`${url}/rest/docs/json`).then(
      (response) => response.ok,
      () => false,
    );
  });
  return { child, url, stderr: () => stderr };
}

const kill = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });

describe.each(dialects())('the push worker killed mid-push on %s', (dialect) => {
  let t: TestApp;
  let fake: FakeCrm;
  const servers: Server[] = [];

  beforeAll(async () => {
    // Each CRM call takes a while: the kill lands while pushes are under way.
    fake = await startFakeCrm('ec', { latencyMs: 100 });
    t = await startApp(dialect);
  });
  afterAll(async () => {
    await Promise.all(servers.map(kill));
    await t.close();
    await fake.close();
  });

  it('delivers every lead exactly once after a SIGKILL and a restart', async () => {
    const customerId = await customerIdOf(t.db, 'demo');
    await saveAccount(t.db, customerId, EC_CREDENTIALS);
    const [itemId] = await itemIdsOf(t.db, customerId);
    const { a } = await demoClients(t);
    const key = (await a.get('/rest/customer/account/ingest-key')).json().data.key as string;
    const jobs = () => t.db.selectFrom('crmPushJobs').select(['status', 'leaseUntil']).where('customerId', '=', customerId).execute();

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
    // Killed the moment the CRM holds customers the worker has not recorded yet (it is writing
    // the batch's outcomes): those pushes reached the CRM, and the database does not know it.
    const delivered = async () => (await jobs()).filter((job) => job.status === PushStatus.Delivered).length;
    await until('a batch created at the CRM and not yet recorded', async () => fake.records.length > (await delivered()), 2);
    await kill(server);
    const recorded = await delivered();
    expect(recorded).toBeLessThan(LEADS);
    expect(fake.records.length).toBeGreaterThan(recorded);

    // The dead process's leases would run out after a minute; the test makes that minute pass.
    await t.db.updateTable('crmPushJobs').set({ leaseUntil: 0 }).where('leaseUntil', 'is not', null).execute();
    const restarted = await startServer(t, fake);
    servers.push(restarted);
    await until('every push delivered', async () => (await jobs()).every((job) => job.status === PushStatus.Delivered));
    await kill(restarted);

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
