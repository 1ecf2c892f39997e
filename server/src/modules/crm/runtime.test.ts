import { EC_CREDENTIALS, LIXIAO_CREDENTIALS, XBB_CREDENTIALS } from '../../test/fake-crm';
import type { Db } from '../../db/schema';
import { lixiaoConnector } from './connectors';
import { baseUrlOf, createCrmRuntime, DEFAULT_CRM_CONFIG } from './runtime';

/** The runtime's choices per account: where its CRM is, and whose call rate its calls spend. */

// contextFor only builds the token store's queries; none runs here.
const db = {} as Db;

describe('the CRM runtime', () => {
  it("puts a lixiao account's edition host where a configured URL says {host}, and keeps a plain URL as it is", () => {
    const wecom = { ...LIXIAO_CREDENTIALS, param4: 'wecom' };
    expect(baseUrlOf(lixiaoConnector, wecom, undefined)).toBe('https://e.lixiaocrm.com');
    expect(baseUrlOf(lixiaoConnector, { ...wecom, param4: 'standalone' }, undefined)).toBe('https://lxcrm.weiwenjia.com');
    expect(baseUrlOf(lixiaoConnector, wecom, 'http://127.0.0.1:9/{host}')).toBe('http://127.0.0.1:9/e.lixiaocrm.com');
    expect(baseUrlOf(lixiaoConnector, wecom, 'http://proxy.internal/lixiao')).toBe('http://proxy.internal/lixiao');
    const runtime = createCrmRuntime({ ...DEFAULT_CRM_CONFIG, baseUrls: { lixiao: 'http://127.0.0.1:9/{host}' } });
    expect(runtime.contextFor(db, 1, { ...wecom, param4: 'dingtalk' }).baseUrl).toBe('http://127.0.0.1:9/dingtalk.e.ikcrm.com');
  });

  it('gives the accounts of one company one pacer, other companies their own, and CRMs without a documented rate none', () => {
    const runtime = createCrmRuntime(DEFAULT_CRM_CONFIG);
    const first = runtime.contextFor(db, 1, LIXIAO_CREDENTIALS).pacer;
    expect(first).toBeDefined();
    // Another customer logging in to the same company spends the same 10 calls per 10 s.
    expect(runtime.contextFor(db, 2, LIXIAO_CREDENTIALS).pacer).toBe(first);
    expect(runtime.contextFor(db, 1, { ...LIXIAO_CREDENTIALS, param1: 'another-corp' }).pacer).not.toBe(first);
    expect(runtime.contextFor(db, 1, XBB_CREDENTIALS).pacer).toBeDefined();
    expect(runtime.contextFor(db, 1, EC_CREDENTIALS).pacer).toBeUndefined();
    // Pacing off (the test harness's default).
    expect(createCrmRuntime({ ...DEFAULT_CRM_CONFIG, pacingScale: 0 }).contextFor(db, 1, LIXIAO_CREDENTIALS).pacer).toBeUndefined();
  });
});
