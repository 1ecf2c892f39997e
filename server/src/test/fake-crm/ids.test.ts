import { ecConnector } from '../../modules/crm/connectors/ec';
import { recordFactory } from '../../modules/crm/connectors/testing';
import { FAKE_ID_EPOCH_MS } from './common';
import { fakeContext, startFakeCrm, type FakeCrm } from './index';

/**
 * The fake EC's customer ids, as the push log stores them (CRM编号): a sandbox started again on a
 * kept database, or reset between e2e tests, never hands out an id it handed out before.
 */

const { records } = recordFactory('139');
const started: FakeCrm[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((fake) => fake.close()));
});

/** Starts a fake EC whose clock reads `at` (ms since FAKE_ID_EPOCH_MS), unless pinned. */
async function ec(options: { at?: number; firstId?: number } = {}): Promise<FakeCrm> {
  const fake = await startFakeCrm('ec', { now: () => FAKE_ID_EPOCH_MS + (options.at ?? 0), firstId: options.firstId });
  started.push(fake);
  return fake;
}

/** Pushes `n` new customers (mobiles from `from` on) and answers the ids EC gave them. */
async function push(fake: FakeCrm, n: number, from: number): Promise<string[]> {
  const outcomes = await ecConnector.push(fake.credentials, records(n, from), fakeContext(fake));
  return outcomes.map((outcome) => {
    if (outcome.kind !== 'delivered') throw new Error(`not delivered: ${JSON.stringify(outcome)}`);
    return outcome.crmId;
  });
}

describe('the fake EC ids', () => {
  it('are new after a restart a second later, though the first run created records', async () => {
    const before = await push(await ec({ at: 60_000 }), 5, 1);
    const after = await push(await ec({ at: 61_000 }), 5, 100);
    expect(new Set([...before, ...after]).size).toBe(10);
    expect(Math.min(...after.map(Number))).toBeGreaterThan(Math.max(...before.map(Number)));
    expect(before[0]).toBe(String(70000001 + 60_000));
  });

  it('go on after a reset (the e2e journeys reset the fake between tests on one database)', async () => {
    const fake = await ec({ at: 5_000 });
    const first = await push(fake, 3, 1);
    fake.reset();
    expect(fake.records).toHaveLength(0);
    const second = await push(fake, 3, 1);
    expect(new Set([...first, ...second]).size).toBe(6);
  });

  it('are predictable when a test pins the first id, and start again at a reset then', async () => {
    const fake = await ec({ firstId: 70000001, at: 123_456 });
    expect(await push(fake, 2, 1)).toEqual(['70000001', '70000002']);
    fake.reset();
    expect(await push(fake, 1, 7)).toEqual(['70000001']);
  });
});
