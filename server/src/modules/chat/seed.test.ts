import { DEMO_CUSTOMERS } from '../../db/seed-data';
import { dialects, startApp, type TestApp, type TestClient } from '../../test/harness';
import { seedDemoChatKeysIfMissing, seedDemoConversationsIfMissing } from './seed';

describe.each(dialects())("the demo's chat conversations on %s", (dialect) => {
  let t: TestApp;
  let a: TestClient;
  beforeAll(async () => {
    t = await startApp(dialect);
    a = t.client();
    await a.login(DEMO_CUSTOMERS[0].loginAccount);
  });
  afterAll(() => t.close());

  it('gives the demo customer two weeks of conversations, most answered, which the workbench counts; once', async () => {
    expect(await seedDemoChatKeysIfMissing(t.db)).toBe(true);
    expect(await seedDemoConversationsIfMissing(t.db, t.app.events)).toBe(true);
    const rows = (await a.get('/rest/customer/workbench/stats')).json() as Array<{ date: string; validConversations: number }>;
    const shown = rows.reduce((sum, row) => sum + row.validConversations, 0);
    const valid = await t.db.selectFrom('chatConversations').select('id').where('validDay', 'is not', null).execute();
    const all = await t.db.selectFrom('chatConversations').select(['id', 'status']).execute();
    expect(valid.length).toBeGreaterThan(0);
    expect(valid.length).toBeLessThan(all.length);
    expect(shown).toBe(valid.length);
    // No phone numbers: the demo conversations make no leads.
    expect(await t.db.selectFrom('chatConversations').select('id').where('leadId', 'is not', null).execute()).toEqual([]);
    expect(await seedDemoConversationsIfMissing(t.db, t.app.events)).toBe(false);
    expect(await t.db.selectFrom('chatConversations').select('id').execute()).toHaveLength(all.length);
  });
});
