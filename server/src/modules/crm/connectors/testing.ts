import type { CrmCode } from '@portal/contracts';
import { fakeContext, startFakeCrm, type FakeCrm } from '../../../test/fake-crm';
import type { ConnectorContext, CrmConnector, PushRecord } from './types';

/**
 * What the connectors' tests share: the fake CRM started around a test file, a context on it, and
 * push records.
 */

export interface FakeCrmBed {
  /** The fake of the file (valid from beforeAll on): reads go to the started fake. */
  fake: FakeCrm;
  /** A fresh context on the fake (its own token store), with a 200 ms timeout. */
  ctx(overrides?: Partial<ConnectorContext>): ConnectorContext;
}

/** Starts the fake of `code` before the file's tests, resets it before each and closes it after all. */
export function useFakeCrm(code: CrmCode): FakeCrmBed {
  let started: FakeCrm | undefined;
  beforeAll(async () => {
    started = await startFakeCrm(code);
  });
  afterAll(() => started?.close());
  beforeEach(() => started?.reset());
  const current = (): FakeCrm => {
    if (!started) throw new Error(`the ${code} fake is not started yet (use it inside a test)`);
    return started;
  };
  const fake = new Proxy({} as FakeCrm, {
    get: (_, key) => {
      const target = current();
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { fake, ctx: (overrides: Partial<ConnectorContext> = {}) => fakeContext(current(), { timeoutMs: 2000, ...overrides }) };
}

/**
 * Push records of a test file: record i is lead i, named `客户i`, with the mobile `<prefix>` and i on
 * 8 digits, no remark, no region, no mapped fields and no labels, unless `defaults` (per i) or `extra` say otherwise.
 */
export function recordFactory(mobilePrefix: string, defaults: (i: number) => Partial<PushRecord> = () => ({})) {
  const mobileOf = (i: number): string => `${mobilePrefix}${String(i).padStart(8, '0')}`;
  const record = (i: number, extra: Partial<PushRecord> = {}): PushRecord => ({
    leadId: i,
    name: `客户${i}`,
    mobile: mobileOf(i),
    remark: '',
    province: null,
    city: null,
    fields: [],
    labels: [],
    ...defaults(i),
    ...extra,
  });
  const records = (n: number, from = 1): PushRecord[] => Array.from({ length: n }, (_, i) => record(from + i));
  return { mobileOf, record, records };
}

/** The fake's `refuse` fault comes out as a refusal with the fake's reason. */
export function itRefusesWithTheFakeReason(connector: CrmConnector, bed: FakeCrmBed, record: PushRecord, reason: string): void {
  it('the refuse fault is a refusal with the reason', async () => {
    bed.fake.fail({ kind: 'refuse' });
    expect(await connector.push(bed.fake.credentials, [record], bed.ctx())).toEqual([{ kind: 'refused', reason }]);
  });
}

/**
 * The context of a test that waits for a fake that never answers: a short timeout. Every other
 * call gets 2 s, so that a busy machine's slow answer is not taken for a timeout.
 */
export const SHORT_TIMEOUT = { timeoutMs: 200 } as const;

/** A 5xx, a timeout and an expired login are retries of every record of the push. */
export function itRetriesEveryRecordOnFaults(connector: CrmConnector, bed: FakeCrmBed, records: PushRecord[]): void {
  it.each([
    ['5xx', 'server'],
    ['timeout', 'network'],
    ['expiredToken', 'auth'],
  ] as const)('a %s is a %s retry for every record', async (kind, cause) => {
    bed.fake.fail({ kind });
    const outcomes = await connector.push(bed.fake.credentials, records, bed.ctx(kind === 'timeout' ? SHORT_TIMEOUT : {}));
    expect(outcomes).toEqual(records.map(() => expect.objectContaining({ kind: 'retry', cause })));
  });
}
